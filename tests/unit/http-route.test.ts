import { z } from "@/lib/validation/zod";
import { forbidden, unauthorized } from "@/lib/http/errors";
import { conflict, notFound, tooManyRequests } from "@/lib/http/errors";
import {
  BODY_NOT_JSON,
  BODY_TOO_LARGE,
  declarationOf,
  JSON_ONLY,
  route,
  UNSTORABLE_TEXT,
} from "@/lib/http/route.server";
import { createLogger, setLogger } from "@/lib/log.server";

// The session guards read cookies and the database; here a test decides who is signed in.
const session = {
  viewer: null as null | { id: number; role: "user" | "admin"; adminType: "super" | "team" | null },
};
jest.mock("@/lib/auth/session.server", () => {
  const requireUser = async () => {
    if (!session.viewer) throw unauthorized();
    return session.viewer;
  };
  return {
    requireUser,
    requireRole: async (role: string) => {
      const viewer = await requireUser();
      if (viewer.role !== role) throw forbidden();
      return viewer;
    },
    requireSuperAdmin: async () => {
      const viewer = await requireUser();
      if (viewer.role !== "admin" || viewer.adminType !== "super")
        throw forbidden("Only super admins can do this.");
      return viewer;
    },
  };
});

beforeEach(() => {
  session.viewer = null;
});

let restoreLogger: (() => void) | undefined;
afterEach(() => restoreLogger?.());

/** Routes the app's log lines here for this test; returns a reader of the parsed lines. */
function captureLog() {
  const written: string[] = [];
  const previous = setLogger(
    createLogger({ level: "info", destination: { write: (line) => void written.push(line) } }),
  );
  restoreLogger = () => setLogger(previous);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return () => written.map((line) => JSON.parse(line) as Record<string, any>);
}

const context = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const get = (path = "/api/things?limit=5") => new Request(`http://localhost${path}`);
const post = (
  body: BodyInit | null,
  headers: Record<string, string> = { "content-type": "application/json" },
) => new Request("http://localhost/api/things", { method: "POST", body, headers });

const throwing = (error: Error) => route({ auth: "public", handle: () => Promise.reject(error) });

test("domain errors become their status with the one error shape", async () => {
  const response = await throwing(notFound("University not found"))(get(), context());
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ requestId: expect.any(String), error: "University not found" });

  const taken = await throwing(conflict("That username is taken", { username: ["That username is taken"] }))(
    get(),
    context(),
  );
  expect(taken.status).toBe(409);
  expect(await taken.json()).toEqual({
    requestId: expect.any(String),
    error: "That username is taken",
    fieldErrors: { username: ["That username is taken"] },
  });
});

test("429 carries Retry-After", async () => {
  const response = await throwing(tooManyRequests("Too many attempts. Try again in 15 minutes.", 900))(
    get(),
    context(),
  );
  expect(response.status).toBe(429);
  expect(response.headers.get("Retry-After")).toBe("900");
});

test("a JSON body is parsed with the declared schema: 400 with field errors, 400 for malformed JSON", async () => {
  const handler = route({
    auth: "public",
    body: z.object({ name: z.string().min(1, "Name is required"), age: z.number() }),
    handle: ({ body }) => body,
  });

  const invalid = await handler(post(JSON.stringify({ name: "" })), context());
  expect(invalid.status).toBe(400);
  const body = await invalid.json();
  expect(body.error).toBe("Name is required");
  expect(body.fieldErrors.name).toEqual(["Name is required"]);
  expect(body.fieldErrors.age).toHaveLength(1);

  const malformed = await handler(post("{not json"), context());
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toEqual({ requestId: expect.any(String), error: BODY_NOT_JSON });

  const empty = await handler(post(null), context());
  expect(empty.status).toBe(400);

  const ok = await handler(post(JSON.stringify({ name: "Ada", age: 36 })), context());
  expect(ok.status).toBe(200);
  expect(await ok.json()).toEqual({ name: "Ada", age: 36 });
});

test("a JSON route refuses other content types with 415, and accepts a body sent without one", async () => {
  const handler = route({ auth: "public", body: z.object({ a: z.number() }), handle: ({ body }) => body });
  const form = await handler(post("a=1", { "content-type": "application/x-www-form-urlencoded" }), context());
  expect(form.status).toBe(415);
  expect(await form.json()).toEqual({ requestId: expect.any(String), error: JSON_ONLY });
  // Bytes carry no content type of their own (a string would be sent as text/plain).
  const untyped = await handler(post(new TextEncoder().encode(JSON.stringify({ a: 1 })), {}), context());
  expect(await untyped.json()).toEqual({ a: 1 });
  const charset = await handler(
    post(JSON.stringify({ a: 2 }), { "content-type": "application/json; charset=utf-8" }),
    context(),
  );
  expect(await charset.json()).toEqual({ a: 2 });
});

test("bodies over the limit are refused with 413, whether Content-Length says so or not", async () => {
  const handle = jest.fn(() => ({ ok: true }));
  const handler = route({ auth: "public", body: z.object({ s: z.string() }), bodyLimit: 100, handle });
  const big = JSON.stringify({ s: "x".repeat(200) });

  const declared = await handler(
    post(big, { "content-type": "application/json", "content-length": "210" }),
    context(),
  );
  expect(declared.status).toBe(413);
  expect(await declared.json()).toEqual({ requestId: expect.any(String), error: BODY_TOO_LARGE });

  // A streamed body without a length is cut off when it passes the limit.
  const stream = new ReadableStream({
    start(controller) {
      for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode("x".repeat(50)));
      controller.close();
    },
  });
  const streamed = await handler(
    new Request("http://localhost/api/things", {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit),
    context(),
  );
  expect(streamed.status).toBe(413);
  expect(handle).not.toHaveBeenCalled();
});

test("a raw body route receives the bytes, and may name its own 413 message", async () => {
  const handler = route({
    auth: "public",
    body: "bytes" as const,
    bodyLimit: 4,
    tooLargeMessage: "File size should not exceed 5MB",
    handle: ({ body }) => ({ size: body.byteLength }),
  });
  expect(await (await handler(post(new Uint8Array([1, 2, 3]), {}), context())).json()).toEqual({ size: 3 });
  const tooBig = await handler(post(new Uint8Array([1, 2, 3, 4, 5]), {}), context());
  expect(tooBig.status).toBe(413);
  expect(await tooBig.json()).toEqual({
    requestId: expect.any(String),
    error: "File size should not exceed 5MB",
  });
});

test("the order is fixed: origin, size, authentication, authorisation, then params, query and body", async () => {
  const handle = jest.fn(() => ({ ok: true }));
  const handler = route({
    auth: "admin",
    params: z.object({ id: z.coerce.number({ error: "The id must be a positive whole number" }) }),
    body: z.object({ name: z.string() }),
    handle,
  });
  const request = (origin?: string) =>
    new Request("http://localhost/api/things/x", {
      method: "POST",
      body: "not json",
      headers: { "content-type": "application/json", ...(origin ? { origin } : {}) },
    });

  expect((await handler(request("https://evil.example"), context({ id: "x" }))).status).toBe(403);
  expect((await handler(request(), context({ id: "x" }))).status).toBe(401);
  session.viewer = { id: 1, role: "user", adminType: null };
  expect((await handler(request(), context({ id: "x" }))).status).toBe(403);
  session.viewer = { id: 2, role: "admin", adminType: "team" };
  const badId = await handler(request(), context({ id: "x" }));
  expect(badId.status).toBe(400);
  expect((await badId.json()).error).toBe("The id must be a positive whole number");
  expect((await handler(request(), context({ id: "7" }))).status).toBe(400);
  expect(handle).not.toHaveBeenCalled();
});

test("super admin routes refuse team admins with the super admin message", async () => {
  const handler = route({ auth: "superAdmin", handle: () => ({ ok: true }) });
  session.viewer = { id: 2, role: "admin", adminType: "team" };
  const refused = await handler(get(), context());
  expect(refused.status).toBe(403);
  expect(await refused.json()).toEqual({
    requestId: expect.any(String),
    error: "Only super admins can do this.",
  });
  session.viewer = { id: 3, role: "admin", adminType: "super" };
  expect(await (await handler(get(), context())).json()).toEqual({ ok: true });
});

test("the query string is validated, and the handler gets the parsed values", async () => {
  const handler = route({
    auth: "public",
    query: z.object({ limit: z.coerce.number().int().max(3, "limit must be at most 3") }),
    handle: ({ query }) => ({ limit: query.limit }),
  });
  const refused = await handler(get("/api/things?limit=5"), context());
  expect(refused.status).toBe(400);
  expect((await refused.json()).error).toBe("limit must be at most 3");
  expect(await (await handler(get("/api/things?limit=2"), context())).json()).toEqual({ limit: 2 });
});

test("text PostgreSQL cannot hold (NUL, unpaired surrogates) is a 400 naming where it is, in a body or a query", async () => {
  // These reached the database and came back as 500s (the hostile-input corpus found them).
  const handler = route({
    auth: "public",
    query: z.object({ q: z.string().optional() }),
    body: z.object({ name: z.string(), history: z.object({ school: z.string() }).optional() }),
    handle: ({ body }) => body,
  });
  const post = (body: string, path = "/api/things") =>
    new Request(`http://localhost${path}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });
  for (const [body, field] of [
    ['{"name":"a\\u0000b"}', "name"],
    ['{"name":"x\\ud800y"}', "name"],
    ['{"name":"ok","history":{"school":"\\udfff"}}', "history.school"],
    ['{"name":"ok","a\\u0000":1}', "a\u0000"],
  ]) {
    const answer = await handler(post(body), context());
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      requestId: expect.any(String),
      error: UNSTORABLE_TEXT,
      fieldErrors: { [field]: [UNSTORABLE_TEXT] },
    });
  }
  expect((await handler(post('{"name":"ok"}', "/api/things?q=%00"), context())).status).toBe(400);
  // Paired surrogates (emoji) and other control characters are text like any other.
  const emoji = await handler(post('{"name":"\\ud83c\\udff3\\u0007"}'), context());
  expect(await emoji.json()).toEqual({ name: "\u{1F3F3}\u0007" });
  // A body nested far deeper than the call stack is checked without overflowing it.
  const deep = await handler(
    post('{"name":"x","history":' + "[".repeat(50_000) + "]".repeat(50_000) + "}"),
    context(),
  );
  expect(deep.status).toBe(400);
});

test("a body schema can depend on the params; its 404 comes before the body is read", async () => {
  const handler = route({
    auth: "public",
    params: z.object({ id: z.coerce.number() }),
    body: async ({ params }: { params: { id: number } }) => {
      if (params.id !== 1) throw notFound("Program not found");
      return z.object({ name: z.string() });
    },
    handle: ({ params, body }) => ({ id: params.id, name: body.name }),
  });
  const missing = await handler(post("{not json"), context({ id: "2" }));
  expect(missing.status).toBe(404);
  expect(await (await handler(post(JSON.stringify({ name: "Law" })), context({ id: "1" }))).json()).toEqual({
    id: 1,
    name: "Law",
  });
});

test("answers for signed-in audiences are private unless the handler says otherwise", async () => {
  session.viewer = { id: 1, role: "user", adminType: null };
  const mine = await route({ auth: "user", handle: () => ({ mine: true }) })(get(), context());
  expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
  const open = await route({ auth: "public", handle: () => ({ open: true }) })(get(), context());
  expect(open.headers.get("Cache-Control")).toBeNull();
});

test("the declaration stays on the handler; plain functions have none", () => {
  const schema = z.object({ id: z.coerce.number() });
  const handler = route({ auth: "admin", params: schema, handle: () => null });
  expect(declarationOf(handler)).toMatchObject({ auth: "admin", params: schema, bodyLimit: 100 * 1024 });
  expect(declarationOf(async () => new Response())).toBeNull();
});

test("unexpected errors are a 500 that reveals nothing but the request id its log lines carry", async () => {
  const lines = captureLog();
  const response = await throwing(new Error("connection string postgresql://secret@db leaked"))(
    get(),
    context(),
  );
  expect(response.status).toBe(500);
  const body = await response.json();
  expect(JSON.stringify(body)).not.toContain("secret");
  expect(body.error).toMatch(/try again/i);
  expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(response.headers.get("X-Request-Id")).toBe(body.requestId);
  const [failure, request] = lines();
  expect(failure).toMatchObject({ level: 50, requestId: body.requestId, msg: "unexpected error" });
  expect(failure.err.stack).toContain("at ");
  expect(request).toMatchObject({ level: 50, requestId: body.requestId, status: 500, path: "/api/things" });
});

test("a probe's answers are logged at debug level while it succeeds, and as any other once it fails", async () => {
  const lines = captureLog();
  let ready = true;
  const probe = route({
    auth: "public",
    probe: true,
    handle: () => (ready ? { status: "ready" } : Promise.reject(new Error("the database is gone"))),
  });
  expect((await probe(get("/api/ready"), context())).status).toBe(200);
  expect(lines()).toEqual([]);
  ready = false;
  expect((await probe(get("/api/ready"), context())).status).toBe(500);
  expect(lines().map((line) => [line.level, line.msg])).toEqual([
    [50, "unexpected error"],
    [50, "request"],
  ]);
});

test("each request logs one line: method, path without the query, status, duration, request id, user id", async () => {
  const lines = captureLog();
  session.viewer = { id: 42, role: "user", adminType: null };
  const handler = route({ auth: "user", handle: () => ({ ok: true }) });
  const response = await handler(get("/api/things?token=secret-token&limit=5"), context());
  expect(response.status).toBe(200);
  const requestId = response.headers.get("X-Request-Id");
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(lines()).toEqual([
    expect.objectContaining({
      level: 30,
      msg: "request",
      method: "GET",
      path: "/api/things",
      status: 200,
      durationMs: expect.any(Number),
      requestId,
      userId: 42,
    }),
  ]);
  expect(JSON.stringify(lines())).not.toContain("secret-token");

  // A refused request: one line too, and the error body names the same id.
  session.viewer = null;
  const refused = await handler(get(), context());
  const body = await refused.json();
  expect(body).toEqual({
    error: "Please sign in to continue.",
    requestId: refused.headers.get("X-Request-Id"),
  });
  expect(lines().slice(1)).toEqual([
    expect.objectContaining({ level: 40, status: 401, requestId: body.requestId, userId: null }),
  ]);
});

test("a sign-in's log line carries neither the password nor the body", async () => {
  const lines = captureLog();
  const login = route({
    auth: "public",
    body: z.object({ username: z.string(), password: z.string() }),
    handle: () => {
      throw unauthorized("Invalid username or password");
    },
  });
  const response = await login(
    post(JSON.stringify({ username: "student", password: "correct horse battery staple" })),
    context(),
  );
  expect(response.status).toBe(401);
  expect(lines()).toHaveLength(1);
  expect(lines()[0]).toMatchObject({ method: "POST", path: "/api/things", status: 401 });
  expect(JSON.stringify(lines())).not.toMatch(/correct horse|password/i);
});
