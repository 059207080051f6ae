import { mkdtempSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { createClient } from "redis";
import { expect, SEEDED_SUPER_ADMIN, test, uniqueWord, universityFormBody } from "./fixtures";
import { APP_PORT, SMTP_CAPTURE_PORT } from "./ports";
import { startApp, type App } from "../load/processes";

// With REDIS_URL, every app server shares one cache (lib/cache/store.js). Two more
// servers from the same build on the same database, both on Redis: an admin's edit through one
// shows on the other's cached page at the very next request. Needs the local Redis
// (TEST_REDIS_URL, else redis://127.0.0.1:6379); it uses a database number of its own there.

const REDIS = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");

/**
 * The two servers' ports and Redis database of the worker in parallel slot `slot`: a pair of its
 * own, so that no two pairs meet (one run starts one pair; --repeat-each may start several).
 */
function placeOf(slot: number) {
  const redis = new URL(REDIS);
  redis.pathname = `/${7 + slot}`;
  return { ports: [APP_PORT + 5 + 2 * slot, APP_PORT + 6 + 2 * slot], redis };
}

function redisReachable(): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** `next start` on `port` against the end-to-end database, with Redis; its output in `logFile`. */
function startServer(port: number, redis: URL, logFile: string): Promise<App> {
  // The database the e2e server serves publishes its address beside its data folder.
  const { url } = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, "pglite.server.json"), "utf8"));
  return startApp({
    port,
    logFile,
    env: {
      NODE_ENV: "production",
      DATABASE_URL: url,
      REDIS_URL: redis.toString(),
      APP_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: "e2e-only-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      // As every server of a deployment: each runs a worker of the one mail queue
      // (lib/mail/worker.server.ts). With a dead SMTP address these took other specs' mail from the
      // queue and failed it, so a password reset e-mail came 30 s later (its retry).
      SMTP_URL: `smtp://127.0.0.1:${SMTP_CAPTURE_PORT}`,
    },
  });
}

test.describe("two app servers on one Redis", () => {
  // One worker runs these tests in turn, with one pair of servers. (Under fullyParallel each worker
  // ran its own beforeAll on the same two ports: the second pair could not bind, its requests went
  // to the first worker's servers, and failed once that worker was done and had stopped them.)
  test.describe.configure({ mode: "default" });
  let logs = "";
  let servers: App[] = [];
  let one: APIRequestContext;
  let two: APIRequestContext;

  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(90_000);
    const { ports, redis: redisUrl } = placeOf(testInfo.parallelIndex);
    logs = mkdtempSync(join(tmpdir(), "shared-cache-"));
    // Not skipped without one: the suite's claim that servers share the cache needs it proved.
    if (!(await redisReachable())) {
      throw new Error(
        `This test needs a Redis at ${REDIS.host} (TEST_REDIS_URL): start one, e.g. redis-server.`,
      );
    }
    const redis = createClient({ url: redisUrl.toString() });
    await redis.connect();
    await redis.flushDb();
    await redis.quit();
    // Both started; if one does not come up (its error has the end of its log), the other stops.
    const started = await Promise.allSettled(
      ports.map((port) => startServer(port, redisUrl, join(logs, `${port}.log`))),
    );
    servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const failure = started.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
    [one, two] = await Promise.all(
      servers.map((server) => playwrightRequest.newContext({ baseURL: server.baseUrl })),
    );
    expect((await one.post("/api/login", { data: SEEDED_SUPER_ADMIN })).status()).toBe(200);
  });

  // A failed test comes with both servers' output.
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus || !logs) return;
    for (const port of placeOf(testInfo.parallelIndex).ports)
      await testInfo.attach(`next start on port ${port}`, { path: join(logs, `${port}.log`) });
  });

  test.afterAll(async () => {
    await Promise.all([...servers.map((server) => server.kill("SIGTERM")), one?.dispose(), two?.dispose()]);
  });

  test("an edit through one server shows on the other's cached page at once", async ({ university }) => {
    test.setTimeout(120_000);
    const path = `/university/${university.slug}`;
    const page = async () => {
      const response = await two.get(path);
      return { cache: response.headers()["x-nextjs-cache"], html: await response.text() };
    };
    // Kept once it was rendered a few seconds after the university's creation (see cached-pages.spec.ts).
    await expect.poll(async () => (await page()).cache, { timeout: 30_000 }).toBe("HIT");

    const description = `${uniqueWord()} was edited through the other server.`;
    const edited = await one.patch(`/api/universities/${university.id}`, {
      data: universityFormBody(university.name, description),
    });
    expect(edited.status()).toBe(200);
    expect((await page()).html).toContain(description);
  });

  test("a repeated search is served from the cache, whatever the order of its parameters", async () => {
    test.setTimeout(60_000);
    // These servers' cache is their own: the other tests' edits do not expire its lists.
    const search = "/universities/search?country=NZ&sort=name&level=Master%27s";
    const reordered = "/universities/search?level=Master%27s&country=NZ&sort=name";
    const cacheOf = async (path: string) => (await two.get(path)).headers()["x-nextjs-cache"];
    // A page rendered within 15 s of an edit to its lists is not kept as fresh (cached-pages.spec.ts).
    await expect.poll(() => cacheOf(search), { timeout: 45_000 }).toBe("HIT");
    expect(await cacheOf(reordered)).toBe("HIT");
    // The other server serves the same entry: STALE where it made the last edit itself, as the
    // entry's time (backdated 15 s) predates Next's own record of that expiry there, so it also
    // renders the page again in the background.
    expect((await one.get(reordered)).headers()["x-nextjs-cache"]).toMatch(/^(HIT|STALE)$/);
  });

  test("behind a TLS-terminating proxy, a server on -H 127.0.0.1 answers a search itself", async () => {
    // Both servers listen on 127.0.0.1, as behind a reverse proxy on the same machine, which sends
    // X-Forwarded-Proto. The search's rewrite to its cached route was proxied over HTTP to
    // https://localhost and failed (a 500): lib/http/rewrite-url.ts.
    // A search's first request is rendered for itself; from the second on it is rewritten
    // (proxy.ts). Both must answer.
    const search = () =>
      one.get("/universities/search?country=NZ&q=auckland", { headers: { "X-Forwarded-Proto": "https" } });
    for (const response of [await search(), await search()]) {
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain("University of Auckland");
    }
    expect((await search()).headers()["x-nextjs-cache"]).toMatch(/^(HIT|MISS|STALE)$/);
  });
});
