import "server-only";
import { randomUUID } from "node:crypto";
import { unstable_rethrow } from "next/navigation";
import { z, ZodError, type ZodType } from "@/lib/validation/zod";
import {
  requirePermission,
  requireRole,
  requireSuperAdmin,
  requireUser,
  type Viewer,
} from "@/lib/auth/session.server";
import type { Permission } from "@/lib/auth/staff-permissions";
import { readBody } from "./body.server";
import { markDatabaseUnavailable } from "@/lib/db/availability.server";
import { databaseFailure, isDatabaseUnavailable } from "@/lib/db/errors.server";
import { logger } from "@/lib/log.server";
import { tagRequest } from "@/lib/telemetry/request-id";
import { UNSTORABLE, UNSTORABLE_TEXT } from "@/lib/validation/storable-text";
import {
  HttpError,
  badRequest,
  forbidden,
  serviceUnavailable,
  validationErrorBody,
  type ErrorBody,
} from "./errors";

// The request pipeline of every route handler. A handler declares what it needs and receives its
// input parsed, authorised and validated, always in this order:
//
//   origin check → size limit → authenticate → authorise → permission → params → query → body →
//   handle → JSON
//
//   export const PATCH = route({
//     auth: "admin",
//     permission: "manage-catalogue",
//     params: idParamsSchema,
//     body: universitySchema,
//     handle: ({ viewer, params, body }) => updateUniversity(viewer, params.id, body),
//   });
//
// HttpError and zod errors become the one JSON error shape; anything unexpected a logged 500 that
// reveals nothing. Every request gets an id (the X-Request-Id header, `requestId` in error bodies)
// and one log line when it ends: method, path without the query, status, duration, user id. The declaration stays on the handler (`declarationOf`), so tests can enumerate
// every route's audience and inputs.

/** Who may call a route: anyone, any signed-in user, admins, or super admins only. */
export const AUDIENCES = ["public", "user", "admin", "superAdmin"] as const;
export type Audience = (typeof AUDIENCES)[number];

/** JSON bodies larger than this are refused (413) unless the route declares its own limit. */
export const DEFAULT_BODY_LIMIT = 100 * 1024;

export const BODY_TOO_LARGE = "The request body is too large.";
export const BODY_NOT_JSON = "The request body must be valid JSON.";
export const JSON_ONLY = "Send the request body as JSON (Content-Type: application/json).";
export { UNSTORABLE_TEXT };

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  declaration: RouteDeclaration;
};

export type ViewerOf<A extends Audience> = A extends "public" ? null : Viewer;
type Parsed<S> = S extends ZodType ? z.output<S> : undefined;
type BodySchemaFactory = (input: { params: never; viewer: never }) => ZodType | Promise<ZodType>;
type BodySpec = ZodType | "bytes" | BodySchemaFactory;
type ParsedBody<B> = B extends "bytes"
  ? Uint8Array
  : B extends ZodType
    ? z.output<B>
    : B extends (...args: never[]) => infer R
      ? Parsed<Awaited<R>>
      : undefined;

export interface RouteInput<A extends Audience, PS, QS, B> {
  request: Request;
  viewer: ViewerOf<A>;
  params: Parsed<PS>;
  query: Parsed<QS>;
  body: ParsedBody<B>;
}

/**
 * A permission beyond the team's default (lib/auth/staff-permissions.ts) that an admin route or
 * action may need: only the admin audience has team admins to tell apart.
 */
export type PermissionOf<A extends Audience> = A extends "admin" ? Permission : never;

export interface RouteSpec<A extends Audience, PS, QS, B> {
  /** Who may call it (checked before any input is read). */
  auth: A;
  /**
   * What a team admin needs beyond the team's default (super admins hold it): checked right after
   * authentication, a 403 saying what to ask for.
   */
  permission?: PermissionOf<A>;
  /** The route segments' schema. */
  params?: PS;
  /** The query string's schema (each key's last value). */
  query?: QS;
  /**
   * A JSON body's schema; a function of the parsed params and viewer when the schema depends on
   * stored data (e.g. a program's current deadline); "bytes" for the raw body.
   */
  body?: B;
  /** The largest body accepted, in bytes (default DEFAULT_BODY_LIMIT). */
  bodyLimit?: number;
  /** The 413 message, when the route has its own (e.g. the image size rule of SPEC). */
  tooLargeMessage?: string;
  /**
   * The path the log line gives, for a route whose path carries a secret (a referee's link token):
   * its pattern, so that a log never holds a working link.
   */
  logPath?: string;
  /** The domain call. A Response is sent as is; anything else as JSON with status 200. */
  handle: (input: RouteInput<A, PS, QS, B>) => Promise<unknown> | unknown;
  /**
   * A probe polled every few seconds (health, readiness): its successful answers are logged at
   * debug level, so they do not bury the requests of people; failures are logged as any other.
   */
  probe?: boolean;
}

/** What a route declared, minus its code: the source of the authorization matrix. */
export interface RouteDeclaration {
  auth: Audience;
  /** The permission a team admin needs, if any. */
  permission?: Permission;
  params?: ZodType;
  query?: ZodType;
  body?: BodySpec;
  bodyLimit: number;
  /** The 413 message, when not BODY_TOO_LARGE. */
  tooLargeMessage?: string;
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF). Browsers send
 * Origin with every such request; clients without one (curl, servers) are not browsers.
 */
export function assertSameOrigin(request: Request) {
  if (!UNSAFE_METHODS.has(request.method)) return;
  assertOriginIsHost(request.headers, new URL(request.url).host);
}

/** The rule of assertSameOrigin for a request known to change state (a server action's POST). */
export function assertOriginIsHost(headers: Headers, fallbackHost?: string) {
  const origin = headers.get("origin");
  if (origin === null) return;
  const host = headers.get("x-forwarded-host") ?? headers.get("host") ?? fallbackHost;
  let originHost: string | null = null;
  try {
    originHost = new URL(origin).host;
  } catch {
    // "null" and other opaque origins: treated as foreign.
  }
  if (originHost !== host) throw forbidden("Requests from other sites are not allowed.");
}

/** Who may call what: the viewer for an audience, or the 401/403 its require* function throws. */
export const AUTHORISE: Record<Audience, () => Promise<Viewer | null>> = {
  public: async () => null,
  user: requireUser,
  admin: () => requireRole("admin"),
  superAdmin: requireSuperAdmin,
};

export function route<
  A extends Audience,
  PS extends ZodType | undefined = undefined,
  QS extends ZodType | undefined = undefined,
  B = undefined,
>(spec: RouteSpec<A, PS, QS, B>): RouteHandler {
  const bodyLimit = spec.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const tooLarge = () => new HttpError(413, spec.tooLargeMessage ?? BODY_TOO_LARGE);
  const handler = async (request: Request, context: RouteContext): Promise<Response> => {
    const started = performance.now();
    const startedAt = Date.now();
    const requestId = randomUUID();
    tagRequest(requestId);
    let viewer: Viewer | null = null;
    let response: Response;
    try {
      assertSameOrigin(request);
      const declared = Number(request.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > bodyLimit) throw tooLarge();
      viewer = await AUTHORISE[spec.auth]();
      if (spec.permission) requirePermission(viewer!, spec.permission);
      const params = (spec.params ? spec.params.parse(await context.params) : undefined) as Parsed<PS>;
      const query = (spec.query ? spec.query.parse(storableText(queryOf(request))) : undefined) as Parsed<QS>;
      const body = (await parseBody(spec.body as BodySpec | undefined, request, {
        params,
        viewer,
        bodyLimit,
        tooLarge,
      })) as ParsedBody<B>;
      const result = await spec.handle({ request, viewer: viewer as ViewerOf<A>, params, query, body });
      response = result instanceof Response ? result : Response.json(result);
      // Answers that depend on who asks are never stored by browsers or shared caches.
      if (spec.auth !== "public" && !response.headers.has("Cache-Control")) {
        response = withHeader(response, "Cache-Control", "private, no-store");
      }
    } catch (error) {
      unstable_rethrow(error);
      // Pages get the 503 page from proxy.ts from now on, until the database answers again.
      if (databaseFailure(error) === "unreachable") markDatabaseUnavailable(startedAt);
      response = errorResponse(error, request, requestId);
    }
    response = withHeader(response, "X-Request-Id", requestId);
    const { status } = response;
    logger()[status >= 500 ? "error" : status >= 400 ? "warn" : spec.probe ? "debug" : "info"](
      {
        requestId,
        method: request.method,
        path: spec.logPath ?? pathOf(request),
        status,
        durationMs: Math.round(performance.now() - started),
        userId: viewer?.id ?? null,
      },
      "request",
    );
    return response;
  };
  const declaration: RouteDeclaration = {
    auth: spec.auth,
    ...(spec.permission ? { permission: spec.permission } : {}),
    params: spec.params,
    query: spec.query,
    body: spec.body as BodySpec | undefined,
    bodyLimit,
    tooLargeMessage: spec.tooLargeMessage,
  };
  return Object.assign(handler, { declaration });
}

/** The declaration of a route handler, or null when it was not made by `route()`. */
export function declarationOf(handler: unknown): RouteDeclaration | null {
  if (typeof handler !== "function") return null;
  const declaration = (handler as Partial<RouteHandler>).declaration;
  return declaration && AUDIENCES.includes(declaration.auth) ? declaration : null;
}

/** The request's path without its query string, which may carry tokens. */
function pathOf(request: Request | undefined): string | undefined {
  if (!request) return undefined;
  try {
    return new URL(request.url).pathname;
  } catch {
    return undefined;
  }
}

/** A response with one more header; a copy when its headers are immutable (Response.redirect). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

async function parseBody(
  spec: BodySpec | undefined,
  request: Request,
  input: { params: unknown; viewer: unknown; bodyLimit: number; tooLarge: () => HttpError },
): Promise<unknown> {
  if (spec === undefined) return undefined;
  if (spec === "bytes") return readBody(request, input.bodyLimit, input.tooLarge);
  const schema =
    typeof spec === "function"
      ? await (spec as (i: { params: unknown; viewer: unknown }) => ZodType | Promise<ZodType>)(input)
      : spec;
  const type = request.headers.get("content-type");
  if (type && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) throw new HttpError(415, JSON_ONLY);
  const bytes = await readBody(request, input.bodyLimit, input.tooLarge);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw badRequest(BODY_NOT_JSON);
  }
  return schema.parse(storableText(json));
}

/**
 * The value itself, or a 400 naming the first string (value or key) PostgreSQL cannot hold: NUL
 * and unpaired surrogates (JSON's "\u0000", "\ud800") are refused as bad input, not left to fail
 * the query (lib/validation/storable-text.ts).
 */
function storableText<T>(value: T): T {
  // Iterative: a body may nest tens of thousands of levels deep within its size limit.
  const pending: [unknown, string][] = [[value, ""]];
  while (pending.length) {
    const [item, path] = pending.pop()!;
    if (typeof item === "string") {
      if (UNSTORABLE.test(item)) throw badRequest(UNSTORABLE_TEXT, { [path || "_"]: [UNSTORABLE_TEXT] });
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) throw badRequest(UNSTORABLE_TEXT, { [childPath]: [UNSTORABLE_TEXT] });
        pending.push([child, childPath]);
      }
    }
  }
  return value;
}

/**
 * route()'s rule for server actions' form fields (they do not go through route()): a 400 for text
 * PostgreSQL cannot store, in a field's value or name, instead of a failed query's 500.
 */
export function assertStorableForm(data: FormData): void {
  for (const [key, value] of data.entries()) {
    const keyBroken = UNSTORABLE.test(key);
    if (keyBroken || (typeof value === "string" && UNSTORABLE.test(value)))
      throw badRequest(UNSTORABLE_TEXT, { [keyBroken ? "_" : key]: [UNSTORABLE_TEXT] });
  }
}

/**
 * The status and the one error shape for any error (server actions show the same as the API),
 * with the request's id: the one its log lines carry.
 */
export function errorAnswer(
  error: unknown,
  request?: Request,
  requestId: string = randomUUID(),
): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof HttpError) {
    const body: ErrorBody = { error: error.message };
    if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
    return { status: error.status, body: { ...body, requestId }, headers: error.headers };
  }
  if (error instanceof ZodError)
    return { status: 400, body: { ...validationErrorBody(error.issues), requestId } };
  const where = { requestId, method: request?.method, path: pathOf(request) };
  if (isDatabaseUnavailable(error)) {
    logger().error({ ...where, err: error }, "the database is unavailable");
    const unavailable = serviceUnavailable();
    return { status: 503, body: { error: unavailable.message, requestId }, headers: unavailable.headers };
  }
  logger().error({ ...where, err: error }, "unexpected error");
  return { status: 500, body: { error: "Something went wrong on our side. Please try again.", requestId } };
}

export function errorResponse(error: unknown, request?: Request, requestId?: string): Response {
  const { status, body, headers } = errorAnswer(error, request, requestId);
  return Response.json(body, { status, headers });
}
