import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// Reading the database's constraint errors through Prisma's pg adapter.

/** The name of the foreign key a write violated (Prisma's P2003), or null for any other error. */
export function violatedForeignKey(error: unknown): string | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2003") return null;
  // The adapter puts PostgreSQL's constraint name under driverAdapterError; the message names it too.
  const meta = error.meta as
    | { driverAdapterError?: { cause?: { constraint?: { index?: unknown } } }; field_name?: unknown }
    | undefined;
  const index = meta?.driverAdapterError?.cause?.constraint?.index ?? meta?.field_name;
  if (typeof index === "string") return index;
  return /constraint: `([^`]+)`/.exec(error.message)?.[1] ?? "";
}

// Prisma's codes for a database it cannot reach or that stopped answering: P1001 can't reach,
// P1002 timed out, P1008 operation timed out, P1017 server closed the connection, P2024 no free
// connection in the pool in time.
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNAVAILABLE_NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);
// PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), 57P01-57P03 (shutting
// down, cannot connect now), 53300 (too many connections).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
// pg's pool and client fail with plain Errors that carry no code when a connection cannot be had
// within connectionTimeoutMillis (lib/db/client.ts: waiting for a busy pool, or opening one that
// never answers), or when the server's end closes in the middle of a query.
const CONNECTION_FAILURES = new Set([
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
  "Connection terminated unexpectedly",
]);
// The pg adapter's kinds for the same, which raw queries ($queryRaw: the search, the sign-in
// throttle) report under P2010 rather than as P1001.
const UNAVAILABLE_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
// PostgreSQL cancelled a statement that ran past statement_timeout (57014 is also a user's cancel).
const STATEMENT_TIMEOUT = "canceling statement due to statement timeout";

/**
 * Whether an error means the database is unreachable or refusing work (the answer is then 503, not
 * 500, and never a wrong-password 401). Follows `cause` chains, as Auth.js and the adapter wrap.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Prisma.PrismaClientInitializationError) return true;
    if (current instanceof Prisma.PrismaClientKnownRequestError && UNAVAILABLE_PRISMA_CODES.has(current.code))
      return true;
    const { code, cause, message, meta } = current as {
      code?: unknown;
      cause?: unknown;
      message?: unknown;
      meta?: { driverAdapterError?: { cause?: { code?: unknown; message?: unknown; kind?: unknown } } };
    };
    if (typeof code === "string" && (UNAVAILABLE_NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
      return true;
    if (code === undefined && typeof message === "string" && CONNECTION_FAILURES.has(message)) return true;
    // The adapter puts PostgreSQL's error under meta.driverAdapterError (P2010 and the like).
    const database = meta?.driverAdapterError?.cause;
    if (typeof database?.kind === "string" && UNAVAILABLE_ADAPTER_KINDS.has(database.kind)) return true;
    if (database?.code === "57014" && database.message === STATEMENT_TIMEOUT) return true;
    // Auth.js wraps an error thrown while signing in as { cause: { err } }.
    current = (cause as { err?: unknown } | undefined)?.err ?? cause;
  }
  return false;
}
