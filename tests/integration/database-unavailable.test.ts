import { POST as login } from "@/app/api/login/route";
import { GET as getUniversity } from "@/app/api/universities/[id]/route";
import { createServer, type Server, type Socket } from "node:net";
import { CONNECTION_TIMEOUT_MS, createPrismaClient, prisma } from "@/lib/db/client.server";
import { databaseFailure, isDatabaseUnavailable } from "@/lib/db/errors.server";
import { SERVICE_UNAVAILABLE } from "@/lib/http/errors";
import { Agent } from "../support/agent";
import { cleanup, createStudent, TEST_PASSWORD } from "../support/factories";

// A database that refuses connections is a 503 the client may retry, not a 500, and never a
// wrong-password 401 ("Seen today"). The error is a real one: Prisma's, from a client
// pointed at a port where nothing listens.

afterAll(cleanup);
afterEach(() => jest.restoreAllMocks());

let refused: unknown;
let refusedRaw: unknown;
beforeAll(async () => {
  const nowhere = createPrismaClient("postgresql://postgres@127.0.0.1:9/none", { max: 1 });
  refused = await nowhere.user.findFirst().catch((error: unknown) => error);
  // Raw queries (the search, the sign-in throttle) fail with P2010 and the adapter's error kind.
  refusedRaw = await nowhere.$queryRaw`SELECT 1`.catch((error: unknown) => error);
  await nowhere.$disconnect();
});

test("Prisma's error for a database it cannot reach is recognised, other errors are not", () => {
  expect(isDatabaseUnavailable(refused)).toBe(true);
  expect(isDatabaseUnavailable(refusedRaw)).toBe(true);
  // Unreachable, not merely busy: these open the breaker pages answer 503 through.
  expect([databaseFailure(refused), databaseFailure(refusedRaw)]).toEqual(["unreachable", "unreachable"]);
  expect(isDatabaseUnavailable({ cause: { err: refused } })).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(
    true,
  );
  expect(isDatabaseUnavailable(new Error("a bug"))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error("unique"), { code: "23505" }))).toBe(false);
});

test("an API read answers 503 with Retry-After and the one error shape", async () => {
  jest.spyOn(prisma.university, "findUnique").mockRejectedValue(refused);
  jest.spyOn(prisma.university, "findFirst").mockRejectedValue(refused);
  const response = await new Agent().call(getUniversity, "/api/universities/1", { params: { id: "1" } });
  expect(response.status).toBe(503);
  expect(response.headers.get("Retry-After")).toBe("30");
  expect(await response.json()).toEqual({ requestId: expect.any(String), error: SERVICE_UNAVAILABLE });
});

test("sign-in answers 503, not 'Invalid username or password', when the account cannot be read", async () => {
  const student = await createStudent();
  jest.spyOn(prisma.user, "findUnique").mockRejectedValue(refused);
  const response = await new Agent().call(login, "/api/login", {
    json: { username: student.username, password: TEST_PASSWORD },
  });
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ requestId: expect.any(String), error: SERVICE_UNAVAILABLE });
});

describe("a database that accepts connections but never answers", () => {
  let server: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  test("queries fail within the pool's connection timeout with errors read as unavailable", async () => {
    const { port } = server.address() as { port: number };
    const silent = createPrismaClient(`postgresql://postgres@127.0.0.1:${port}/none`, { max: 1 });
    const started = Date.now();
    // One opens the pool's only connection; the other waits for it in the pool's queue.
    const errors = await Promise.all([
      silent.user.findFirst().catch((error: unknown) => error),
      silent.user.findFirst().catch((error: unknown) => error),
    ]);
    const elapsed = Date.now() - started;
    await silent.$disconnect();
    expect(CONNECTION_TIMEOUT_MS).toBe(5_000);
    expect(elapsed).toBeLessThan(CONNECTION_TIMEOUT_MS + 1_500);
    expect(errors.map((error) => (error as Error).message).sort()).toEqual([
      "Connection terminated due to connection timeout",
      "timeout exceeded when trying to connect",
    ]);
    for (const error of errors) expect(isDatabaseUnavailable(error)).toBe(true);
    // The connection that never answered is unreachable; the query queued behind it, busy.
    expect(errors.map(databaseFailure).sort()).toEqual(["busy", "unreachable"]);
    expect(
      isDatabaseUnavailable(new Error("timeout exceeded when trying to connect to the mail server")),
    ).toBe(false);

    jest.spyOn(prisma.university, "findUnique").mockRejectedValue(errors[0]);
    jest.spyOn(prisma.university, "findFirst").mockRejectedValue(errors[0]);
    const response = await new Agent().call(getUniversity, "/api/universities/1", { params: { id: "1" } });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(await response.json()).toMatchObject({ error: SERVICE_UNAVAILABLE });
  });
});

test("a connection the server closes in the middle of a query is read as unavailable", async () => {
  const { Client } = await import("pg");
  // A server that takes the connection, reads the startup message and hangs up.
  const server = createServer((socket) => socket.once("data", () => socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const client = new Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/none` });
  const error = await client.connect().catch((e: unknown) => e);
  await new Promise((resolve) => server.close(resolve));
  expect((error as Error).message).toBe("Connection terminated unexpectedly");
  expect(databaseFailure(error)).toBe("unreachable");
});

// PGlite accepts the startup parameter (tests/integration/embedded.test.ts) but does not enforce it.
const onPostgreSQL = process.env.INTEGRATION_SERVER_URL ? test : test.skip;

onPostgreSQL(
  "a statement that runs past statement_timeout is cancelled and read as unavailable",
  async () => {
    const client = createPrismaClient(process.env.DATABASE_URL!, { max: 1, statementTimeoutMs: 300 });
    const error = await client.$executeRaw`SELECT pg_sleep(2)`.catch((e: unknown) => e);
    await client.$disconnect();
    expect(databaseFailure(error)).toBe("busy");
  },
);

// PGlite is built without JIT; on PostgreSQL, compiling the search's plans cost up to 350 ms.
onPostgreSQL("the app's connections run their statements without JIT compilation", async () => {
  const client = createPrismaClient(process.env.DATABASE_URL!, { max: 1 });
  const [{ jit }] = await client.$queryRaw<{ jit: string }[]>`SHOW jit`;
  await client.$disconnect();
  expect(jit).toBe("off");
});
