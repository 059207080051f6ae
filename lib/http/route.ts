import { randomUUID } from "node:crypto";
import { z, ZodError, type ZodType } from "zod";
import { HttpError, badRequest, forbidden, type ErrorBody } from "./errors";

// The route-handler wrapper: every handler is `export const GET = route(async (request, ctx) => ...)`.
// It turns HttpError and zod errors into the one JSON error shape, and anything unexpected into a
// logged 500 that reveals nothing.

type RouteContext<P> = { params: Promise<P> };
type Handler<P> = (request: Request, context: RouteContext<P>) => Promise<Response>;

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Browsers send
 * Origin with every such request; clients without one (curl, servers) are not browsers.
 */
export function assertSameOrigin(request: Request) {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const host =
    request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  let originHost: string | null = null;
  try {
    originHost = new URL(origin).host;
  } catch {
    // "null" and other opaque origins: treated as foreign.
  }
  if (originHost !== host) throw forbidden("Requests from other sites are not allowed.");
}

export function route<P = Record<string, string>>(handler: Handler<P>): Handler<P> {
  return async (request, context) => {
    try {
      assertSameOrigin(request);
      return await handler(request, context);
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

export function errorResponse(error: unknown, request?: Request): Response {
  if (error instanceof HttpError) {
    const body: ErrorBody = { error: error.message };
    if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
    return Response.json(body, { status: error.status, headers: error.headers });
  }
  if (error instanceof ZodError) {
    return Response.json(validationBody(error), { status: 400 });
  }
  const requestId = randomUUID();
  console.error(`[${requestId}] ${request?.method ?? ""} ${request?.url ?? ""} failed:`, error);
  const body: ErrorBody = { error: "Something went wrong on our side. Please try again.", requestId };
  return Response.json(body, { status: 500 });
}

function validationBody(error: ZodError): ErrorBody {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = error.issues[0];
  return { error: first ? first.message : "Invalid input.", fieldErrors };
}

/** Parses a JSON body with `schema`; malformed JSON is a 400, not a 500. */
export async function parseJson<S extends ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw badRequest("The request body must be valid JSON.");
  }
  return schema.parse(body);
}

/** Parses the query string with `schema` (each key's last value). */
export function parseQuery<S extends ZodType>(request: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return schema.parse(params);
}

/** Parses route parameters with `schema`. */
export async function parseParams<S extends ZodType, P>(
  context: RouteContext<P>,
  schema: S,
): Promise<z.output<S>> {
  return schema.parse(await context.params);
}
