import type { PrismaClient } from "@/lib/generated/prisma/client";
import { lockMailDelivery } from "../support/mail-delivery-lock";
import { freePort, startSmtpCapture } from "../support/smtp-capture";

// GET /api/health says the process is up, without asking anything else; GET /api/ready answers
// 200 only when the database answers, every migration of the folder is applied, Redis answers
// (when REDIS_URL is set) and the mail worker runs, and otherwise 503 in the one error shape
// naming the parts that failed. The failures are real ones: a database client pointed at a port
// where nothing listens, a migration in the folder the database has not applied, a Redis URL
// where nothing listens, a worker that was stopped.

// The migrations the app sees in its folder: the real ones, plus one the database lacks when a
// test says so.
const extraMigration: { name: string | null } = { name: null };
jest.mock("@/lib/db/migrate.server", () => {
  const actual = jest.requireActual("@/lib/db/migrate.server");
  return {
    ...actual,
    migrationNames: (...args: unknown[]) => {
      const names: string[] = actual.migrationNames(...args);
      return extraMigration.name ? [...names, extraMigration.name] : names;
    },
  };
});

type Routes = {
  health: typeof import("@/app/api/health/route").GET;
  ready: typeof import("@/app/api/ready/route").GET;
};
let routes: Routes;
let Agent: typeof import("../support/agent").Agent;
let stopWorker: (() => void) | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let unlockMailDelivery: () => Promise<void>;

// The worker of this file delivers whatever mail is due in the shared queue: it holds the
// mail-delivery lock, and SMTP is a capture of its own (lib/env.server reads SMTP_URL when first
// loaded: the app's modules are loaded after it is set).
beforeAll(async () => {
  unlockMailDelivery = await lockMailDelivery();
  const port = await freePort();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  smtp = await startSmtpCapture(port);
  jest.resetModules();
  routes = {
    health: (await import("@/app/api/health/route")).GET,
    ready: (await import("@/app/api/ready/route")).GET,
  };
  ({ Agent } = await import("../support/agent"));
  const { startMailWorker } = await import("@/lib/mail/worker.server");
  stopWorker = await startMailWorker();
});

afterAll(async () => {
  stopWorker?.();
  await (await import("@/lib/mail/queue.server")).stopMailQueue();
  await smtp.stop();
  await unlockMailDelivery();
});

async function get(handler: Routes["health"] | Routes["ready"], path: string) {
  const response = await new Agent().call(handler, path);
  return { response, body: await response.json() };
}

test("health: 200 and nothing else to know, never stored", async () => {
  const { response, body } = await get(routes.health, "/api/health");
  expect(response.status).toBe(200);
  expect(body).toEqual({ status: "ok" });
  expect(response.headers.get("Cache-Control")).toBe("no-store");
});

test("ready: 200 naming each part, with no versions or internals, never stored", async () => {
  const { response, body } = await get(routes.ready, "/api/ready");
  expect(response.status).toBe(200);
  expect(body).toEqual({
    status: "ready",
    checks: {
      database: "ok",
      migrations: "ok",
      redis: process.env.REDIS_URL ? "ok" : "not configured",
      mail: "ok",
    },
  });
  expect(response.headers.get("Cache-Control")).toBe("no-store");
});

test("ready: 503 naming the database when it cannot be reached", async () => {
  const { createPrismaClient, prisma } = await import("@/lib/db/client.server");
  // The app's client is made on first use and kept on globalThis (lib/db/client.server.ts):
  // for this request it is one pointed at a port where nothing listens.
  await prisma.$queryRaw`SELECT 1`;
  const app = globalThis as unknown as { prisma: PrismaClient };
  const saved = app.prisma;
  const nowhere = createPrismaClient("postgresql://postgres@127.0.0.1:9/none", { max: 1 });
  app.prisma = nowhere;
  try {
    const { response, body } = await get(routes.ready, "/api/ready");
    expect(response.status).toBe(503);
    expect(body).toEqual({ error: "Not ready: database.", requestId: expect.any(String) });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Retry-After")).toBe("10");
  } finally {
    app.prisma = saved;
    await nowhere.$disconnect();
  }
});

test("health: 200 while the database cannot be reached (it asks nothing of it)", async () => {
  const { createPrismaClient } = await import("@/lib/db/client.server");
  const app = globalThis as unknown as { prisma: PrismaClient };
  const saved = app.prisma;
  const nowhere = createPrismaClient("postgresql://postgres@127.0.0.1:9/none", { max: 1 });
  app.prisma = nowhere;
  try {
    expect((await get(routes.health, "/api/health")).response.status).toBe(200);
  } finally {
    app.prisma = saved;
    await nowhere.$disconnect();
  }
});

test("ready: 503 naming the migrations when the folder has one the database lacks", async () => {
  extraMigration.name = "29991231235959_not_applied_yet";
  try {
    const { response, body } = await get(routes.ready, "/api/ready");
    expect(response.status).toBe(503);
    expect(body).toEqual({ error: "Not ready: migrations.", requestId: expect.any(String) });
    // The migration's name stays in the log, out of a public answer.
    expect(JSON.stringify(body)).not.toContain("not_applied");
  } finally {
    extraMigration.name = null;
  }
  expect((await get(routes.ready, "/api/ready")).response.status).toBe(200);
});

describe("with REDIS_URL set", () => {
  const STORE = Symbol.for("unisearch.cache-store");
  const holder = globalThis as unknown as Record<symbol, unknown>;
  const saved = holder[STORE];
  let store: { close?(): Promise<void> } | undefined;
  afterEach(async () => {
    await store?.close?.();
    holder[STORE] = saved;
  });

  /** The process's cache store (lib/cache/store.js) on Redis at `url`, as a server with REDIS_URL has. */
  async function useRedis(url: string) {
    const { redisStore } = await import("@/lib/cache/store");
    store = redisStore(url);
    holder[STORE] = store;
  }

  test("ready: 200 when Redis answers", async () => {
    await useRedis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
    const { response, body } = await get(routes.ready, "/api/ready");
    expect(response.status).toBe(200);
    expect(body.checks.redis).toBe("ok");
  });

  test("ready: 503 naming Redis when it is down", async () => {
    await useRedis("redis://127.0.0.1:1");
    const { response, body } = await get(routes.ready, "/api/ready");
    expect(response.status).toBe(503);
    expect(body).toEqual({ error: "Not ready: redis.", requestId: expect.any(String) });
  });
});

test("ready: 503 naming the mail worker once it has stopped", async () => {
  stopWorker?.();
  stopWorker = undefined;
  const { response, body } = await get(routes.ready, "/api/ready");
  expect(response.status).toBe(503);
  expect(body).toEqual({ error: "Not ready: mail.", requestId: expect.any(String) });
});
