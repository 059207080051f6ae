import { POST as login } from "@/app/api/login/route";
import { prisma } from "@/lib/db/client.server";
import { BODY_TOO_LARGE, declarationOf, type RouteHandler } from "@/lib/http/route.server";
import { IMAGE_TOO_LARGE } from "@/lib/images/sniff";
import { IMPORT_TOO_LARGE } from "@/lib/import/limits";
import { Agent } from "../support/agent";
import { cleanup, createSuperAdmin, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";
import { loadRouteFiles, type HttpMethod } from "../support/routes";

// Every route that reads a body refuses one over its declared limit with 413, before reading it
// whole and before anything is checked or written: whether Content-Length announces the size or
// the body just streams. The routes come from their declarations (lib/http/route.server.ts), so a new
// route with a body is covered without being listed here. The caller is a super admin, whom every
// audience lets in, so the 413 is the size rule's and not a refusal.

const withBody = loadRouteFiles().flatMap(({ pattern, methods }) =>
  (Object.entries(methods) as [HttpMethod, RouteHandler][])
    .filter(([, handler]) => declarationOf(handler)?.body !== undefined)
    .map(
      ([method, handler]) =>
        [
          `${method} ${pattern}`,
          method,
          handler,
          declarationOf(handler)!.bodyLimit,
          declarationOf(handler)!.tooLargeMessage ?? BODY_TOO_LARGE,
        ] as const,
    ),
);

/** A body of `size` bytes that arrives in 64 KB chunks, counting how much of it was read. */
function streamOf(size: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const next = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += next.length;
      controller.enqueue(next);
    },
  });
  return { stream, read: () => sent };
}

const tag = uniqueTag();
let admin: Agent;

beforeAll(async () => {
  const account = await createSuperAdmin({ username: `limits_${tag}` });
  admin = await signIn(account.username);
});

afterAll(cleanup);

test("the routes with a body are found, with their own 413 messages", () => {
  expect(withBody.length).toBeGreaterThan(15);
  const messages = Object.fromEntries(withBody.map(([name, , , , message]) => [name, message]));
  expect(messages["POST /api/uploads"]).toBe(IMAGE_TOO_LARGE);
  expect(messages["POST /api/import/programs"]).toBe(IMPORT_TOO_LARGE);
});

test.each(withBody)("%s: one byte over the limit is a 413", async (name, method, handler, limit, message) => {
  const declared = await admin.call(handler, "/api/x", {
    method,
    body: new Uint8Array(limit + 1),
    headers: { "content-type": "application/json", "content-length": String(limit + 1) },
    params: { id: "x", programId: "x", conditionId: "x", requestId: "x", refId: "x" },
  });
  expect(declared.status).toBe(413);
  expect(await declared.json()).toEqual({ requestId: expect.any(String), error: message });

  // No Content-Length: the body is cut off as soon as it passes the limit, never read to its end.
  // (Ids that no row has: a program's or a scholarship's PATCH schema needs its row, so those are a
  // 404 unread.)
  const body = streamOf(limit * 4);
  const streamed = await admin.call(handler, "/api/x", {
    method,
    body: body.stream,
    headers: { "content-type": "application/json" },
    params: {
      id: "2147483647",
      programId: "2147483647",
      conditionId: "2147483647",
      requestId: "2147483647",
      refId: "2147483647",
    },
  });
  expect(body.read()).toBeLessThan(limit * 2);
  const needsRow = ["PATCH /api/programs/[id]", "PATCH /api/scholarships/[id]"].includes(name);
  expect(streamed.status).toBe(needsRow ? 404 : 413);
});

test("a 20 MB password is refused with 413 before any sign-in is attempted or counted", async () => {
  const username = `nobody_${tag}`;
  const response = await new Agent().call(login, "/api/login", {
    body: JSON.stringify({ username, password: "p".repeat(20 * 1024 * 1024) }),
    headers: { "content-type": "application/json" },
  });
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ requestId: expect.any(String), error: BODY_TOO_LARGE });
  expect(await prisma.signInThrottle.count({ where: { key: { contains: username.toLowerCase() } } })).toBe(0);
});
