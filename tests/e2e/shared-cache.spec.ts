import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { createClient } from "redis";
import { expect, SEEDED_SUPER_ADMIN, test, uniqueWord, universityFormBody } from "./fixtures";
import { APP_PORT, SMTP_CAPTURE_PORT } from "./ports";

// Issue 13: with REDIS_URL, every app server shares one cache (lib/cache/store.js). Two more
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

/** A started server and the tail of what it printed (shown when a test fails). */
interface Server {
  port: number;
  process: ChildProcess;
  output: string[];
  exit?: string;
}

/** `next start` on `port` against the end-to-end database, with Redis. */
function startServer(port: number, redis: URL): Server {
  // The database the e2e server serves publishes its address beside its data folder.
  const { url } = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, "pglite.server.json"), "utf8"));
  // Node itself, not npx: killing it must stop the server, not only a wrapper.
  const child = spawn(
    process.execPath,
    [require.resolve("next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", String(port)],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: url,
        REDIS_URL: redis.toString(),
        APP_URL: `http://127.0.0.1:${port}`,
        AUTH_SECRET: "e2e-only-secret-0123456789abcdefghijklmnopqrstuvwxyz",
        // As every server of a deployment: each runs a worker of the one mail queue
        // (lib/mail/worker.ts). With a dead SMTP address these took other specs' mail from the
        // queue and failed it, so a password reset e-mail came 30 s later (its retry).
        SMTP_URL: `smtp://127.0.0.1:${SMTP_CAPTURE_PORT}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const server: Server = { port, process: child, output: [] };
  const keep = (chunk: Buffer) => {
    server.output.push(...chunk.toString().split("\n").filter(Boolean));
    server.output.splice(0, Math.max(0, server.output.length - 200));
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  child.once("exit", (code, signal) => (server.exit = `exited with ${signal ?? `code ${code}`}`));
  return server;
}

/** Stops `server` and waits until it has exited (its port free again), killing it after 10 s. */
async function stopServer(server: Server) {
  if (server.exit) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill();
  const killer = setTimeout(() => server.process.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(killer);
}

/** Until `server` answers; a server that stopped (a port in use, a crash) fails at once, with its log. */
async function waitUntilServing(server: Server, api: APIRequestContext) {
  const log = () => server.output.slice(-30).join("\n");
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (server.exit) throw new Error(`next start on port ${server.port} ${server.exit}:\n${log()}`);
    if ((await api.get("/robots.txt", { timeout: 2_000 }).catch(() => null))?.status() === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`next start on port ${server.port} did not answer within 60 s:\n${log()}`);
}

test.describe("two app servers on one Redis", () => {
  // One worker runs these tests in turn, with one pair of servers. (Under fullyParallel each worker
  // ran its own beforeAll on the same two ports: the second pair could not bind, its requests went
  // to the first worker's servers, and failed once that worker was done and had stopped them.)
  test.describe.configure({ mode: "default" });
  let servers: Server[] = [];
  let one: APIRequestContext;
  let two: APIRequestContext;

  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(90_000);
    const { ports, redis: redisUrl } = placeOf(testInfo.parallelIndex);
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
    servers = ports.map((port) => startServer(port, redisUrl));
    [one, two] = await Promise.all(
      ports.map((port) => playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${port}` })),
    );
    await Promise.all([waitUntilServing(servers[0], one), waitUntilServing(servers[1], two)]);
    expect((await one.post("/api/login", { data: SEEDED_SUPER_ADMIN })).status()).toBe(200);
  });

  // A server that stopped answering says why: its exit and the end of its log.
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const server of servers) {
      const head = `next start on port ${server.port}: ${server.exit ?? "still running"}`;
      await testInfo.attach(`server ${server.port}`, { body: [head, ...server.output].join("\n") });
      console.log(`${head}\n${server.output.slice(-30).join("\n")}`);
    }
  });

  test.afterAll(async () => {
    await Promise.all([...servers.map(stopServer), one?.dispose(), two?.dispose()]);
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
    const response = await one.get("/universities/search?country=NZ&q=auckland", {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("University of Auckland");
  });
});
