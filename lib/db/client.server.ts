import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

/** How long a query waits for a pool connection (a new one included) before failing: a 503. */
export const CONNECTION_TIMEOUT_MS = 5_000;
/** How long the app's statements may run on the server before PostgreSQL cancels them. */
export const STATEMENT_TIMEOUT_MS = 15_000;

/**
 * Startup settings of every app connection. TimeZone=UTC: timestamps are stored without a zone
 * and hold UTC, and SQL that converts them (`AT TIME ZONE`, `now()` into such a column) uses the
 * session's zone, which is otherwise the server's default. No JIT compilation: the planner's cost
 * estimates of the tuition sort and the program conditions at 100,000 universities crossed
 * jit_above_cost, and compiling took 200 to 350 ms of a 400 to 700 ms search whose execution
 * alone took the rest (scripts/bench/queries.ts).
 */
export const SESSION_OPTIONS = "-c TimeZone=UTC -c jit=off";

export function createPrismaClient(
  connectionString: string,
  options: { max?: number; statementTimeoutMs?: number; connectionTimeoutMs?: number } = {},
): PrismaClient {
  const adapter = new PrismaPg({
    connectionString,
    max: options.max ?? 10,
    // Without it, a database that accepts connections but never answers makes requests hang.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
    // Sent as a startup parameter; only the app's client sets it (scripts may run long imports).
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    options: SESSION_OPTIONS,
  });
  return new PrismaClient({
    adapter,
    transactionOptions: {
      // A transaction waits for a pool connection as long as a query does (Prisma's default, 2 s,
      // made busy moments a 500), and may run as long as one of its statements.
      maxWait: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
      ...(options.statementTimeoutMs ? { timeout: options.statementTimeoutMs } : {}),
    },
  });
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function getClient(): PrismaClient {
  if (!globalForPrisma.prisma) {
    const url = process.env.DATABASE_URL;
    if (!url) {
      throw new Error(
        "DATABASE_URL is not set. Start the app with `npm run dev` or `npm start`, which start the embedded " +
          "database when no DATABASE_URL is given.",
      );
    }
    // Kept on globalThis so that hot reloads in development reuse one pool.
    globalForPrisma.prisma = createPrismaClient(url, { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
  }
  return globalForPrisma.prisma;
}

/**
 * The app's Prisma client. Created on first use, so that importing a module (as `next build`
 * does) needs no database.
 */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = getClient();
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});
