// The answers route handlers share beyond plain JSON (which `route()` makes of any other value).

/** 204 No Content. */
export const noContent = () => new Response(null, { status: 204 });

/** 201 Created with the new resource, and its address when it has one. */
export function created(resource: unknown, location?: string): Response {
  return Response.json(resource, { status: 201, headers: location ? { Location: location } : undefined });
}

/** A page of a list: the items as a JSON array, the total in X-Total-Count. */
export function paged<T>(page: { items: T[]; total: number }): Response {
  return Response.json(page.items, {
    headers: { "X-Total-Count": String(page.total), "Access-Control-Expose-Headers": "X-Total-Count" },
  });
}
