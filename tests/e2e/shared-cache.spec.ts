import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { createClient } from "redis";
import { expect, SEEDED_SUPER_ADMIN, test, uniqueWord, universityFormBody } from "./fixtures";
import { APP_PORT } from "./ports";

// Issue 13: with REDIS_URL, every app server shares one cache (lib/cache/store.js). Two more
// servers from the same build on the same database, both on Redis: an admin's edit through one
// shows on the other's cached page at the very next request. Needs the local Redis
// (TEST_REDIS_URL, else redis://127.0.0.1:6379); it uses a database number of its own there.

const REDIS = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
REDIS.pathname = "/7";
const PORTS = [APP_PORT + 5, APP_PORT + 6];

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
function startServer(port: number): Server {
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
        REDIS_URL: REDIS.toString(),
        APP_URL: `http://127.0.0.1:${port}`,
        AUTH_SECRET: "e2e-only-secret-0123456789abcdefghijklmnopqrstuvwxyz",
        SMTP_URL: "smtp://127.0.0.1:9",
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
  // One worker runs these tests in turn. Under fullyParallel each worker ran its own beforeAll: the
  // second's servers could not bind the same ports, its requests went to the first's servers, and
  // failed (ECONNREFUSED) once that worker was done and had stopped them.
  test.describe.configure({ mode: "default" });
  let servers: Server[] = [];
  let one: APIRequestContext;
  let two: APIRequestContext;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    // Not skipped without one: the suite's claim that servers share the cache needs it proved.
    if (!(await redisReachable())) {
      throw new Error(
        `This test needs a Redis at ${REDIS.host} (TEST_REDIS_URL): start one, e.g. redis-server.`,
      );
    }
    const redis = createClient({ url: REDIS.toString() });
    await redis.connect();
    await redis.flushDb();
    await redis.quit();
    servers = PORTS.map(startServer);
    [one, two] = await Promise.all(
      PORTS.map((port) => playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${port}` })),
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
    for (const server of servers) server.process.kill();
    await Promise.all([one?.dispose(), two?.dispose()]);
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
