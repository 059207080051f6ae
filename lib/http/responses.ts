// The answers route handlers share beyond plain JSON (which `route()` makes of any other value).

import type { ListTotal } from "@/lib/paging";

/** 204 No Content. */
export const noContent = () => new Response(null, { status: 204 });

/** 201 Created with the new resource, and its address when it has one. */
export function created(resource: unknown, location?: string): Response {
  return Response.json(resource, { status: 201, headers: location ? { Location: location } : undefined });
}

/**
 * A page of a list: the items as a JSON array, the number of matches in X-Total-Count, and in
 * X-Total-Count-Approximate whether that number is an estimate ("true": more than
 * EXACT_COUNT_BOUND match, lib/paging.ts) or exact ("false"). An estimate is never below the rows
 * up to the end of this page, and a page shorter than its limit is the last.
 */
export function paged<T>(page: { items: T[] } & ListTotal): Response {
  return Response.json(page.items, {
    headers: {
      "X-Total-Count": String(page.total),
      "X-Total-Count-Approximate": String(Boolean(page.approximate)),
      "Access-Control-Expose-Headers": "X-Total-Count, X-Total-Count-Approximate",
    },
  });
}
