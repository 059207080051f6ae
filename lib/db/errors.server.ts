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

/** What the pg adapter reports of a statement PostgreSQL refused (under meta.driverAdapterError). */
interface AdapterCause {
  originalCode?: unknown;
  originalMessage?: unknown;
  constraint?: { index?: unknown };
}

function adapterCause(error: unknown): AdapterCause | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return undefined;
  return (error.meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined)?.driverAdapterError
    ?.cause;
}

/** The name of the unique index a write violated (Prisma's P2002), or null for any other error. */
export function violatedUniqueIndex(error: unknown): string | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return null;
  const index = adapterCause(error)?.constraint?.index;
  return typeof index === "string" ? index : "";
}

/**
 * Whether a write was refused by a check that raised `message` with SQLSTATE 23514
 * (check_violation), as the database's triggers do: the adapter passes on the code and the message,
 * not the constraint's name.
 */
export function failedCheck(error: unknown, message: string): boolean {
  const cause = adapterCause(error);
  return cause?.originalCode === "23514" && cause.originalMessage === message;
}

// Two kinds of failure are answered 503 (the client may retry): a database that cannot be reached
// (refused, reset, closed, not answering) and one too busy to take the work in time (no pool
// connection free in time, a transaction that could not start, a statement past its timeout, too
// many connections). Only the first opens the breaker pages answer 503 through
// (lib/db/availability.server.ts): an overloaded database still serves what it can.

// Prisma's codes: P1001 can't reach, P1002 timed out, P1008 operation timed out, P1017 server
// closed the connection; P2024 no free connection in the pool in time.
const UNREACHABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017"]);
const BUSY_PRISMA_CODES = new Set(["P2024"]);
// P2028 is any transaction API error; this one is waiting for a connection past maxWait.
const TRANSACTION_NOT_STARTED = "Unable to start a transaction in the given time";
const UNREACHABLE_NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]);
// PostgreSQL's SQLSTATEs: class 08 (connection exception), 57P01-57P03 (shutting down, cannot
// connect now); 53300 too many connections.
const UNREACHABLE_SQLSTATE = /^(08...|57P0[123])$/;
const BUSY_SQLSTATE = "53300";
// pg's pool and client fail with plain Errors that carry no code: a queued query that got no
// pool connection within connectionTimeoutMillis (lib/db/client.server.ts), a new connection that never
// answered, or one whose server end closed in the middle of a query.
const BUSY_MESSAGES = new Set(["timeout exceeded when trying to connect"]);
const UNREACHABLE_MESSAGES = new Set([
  "Connection terminated due to connection timeout",
  "Connection terminated unexpectedly",
]);
// The pg adapter's kinds for the same, which raw queries ($queryRaw: the search, the sign-in
// throttle) report under P2010 rather than as P1001.
const UNREACHABLE_ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout"]);
const BUSY_ADAPTER_KINDS = new Set(["TooManyConnections"]);
// PostgreSQL cancelled a statement that ran past statement_timeout (57014 is also a user's cancel).
const STATEMENT_TIMEOUT = "canceling statement due to statement timeout";

export type DatabaseFailure = "unreachable" | "busy";

/**
 * Whether an error means the database is unreachable or too busy, and which; null for any other
 * error. Follows `cause` chains, as Auth.js and the adapter wrap.
 */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Prisma.PrismaClientInitializationError) return "unreachable";
    if (current instanceof Prisma.PrismaClientKnownRequestError) {
      if (UNREACHABLE_PRISMA_CODES.has(current.code)) return "unreachable";
      if (BUSY_PRISMA_CODES.has(current.code)) return "busy";
      if (current.code === "P2028" && current.message.includes(TRANSACTION_NOT_STARTED)) return "busy";
    }
    const { code, cause, message, meta } = current as {
      code?: unknown;
      cause?: unknown;
      message?: unknown;
      meta?: { driverAdapterError?: { cause?: { code?: unknown; message?: unknown; kind?: unknown } } };
    };
    if (typeof code === "string") {
      if (UNREACHABLE_NETWORK_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code)) return "unreachable";
      if (code === BUSY_SQLSTATE) return "busy";
    }
    if (code === undefined && typeof message === "string") {
      if (UNREACHABLE_MESSAGES.has(message)) return "unreachable";
      if (BUSY_MESSAGES.has(message)) return "busy";
    }
    // The adapter puts PostgreSQL's error under meta.driverAdapterError (P2010 and the like).
    const database = meta?.driverAdapterError?.cause;
    if (typeof database?.kind === "string") {
      if (UNREACHABLE_ADAPTER_KINDS.has(database.kind)) return "unreachable";
      if (BUSY_ADAPTER_KINDS.has(database.kind)) return "busy";
    }
    if (database?.code === "57014" && database.message === STATEMENT_TIMEOUT) return "busy";
    // Auth.js wraps an error thrown while signing in as { cause: { err } }.
    current = (cause as { err?: unknown } | undefined)?.err ?? cause;
  }
  return null;
}

/**
 * Whether an error means the database is unreachable or refusing work (the answer is then 503, not
 * 500, and never a wrong-password 401).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseFailure(error) !== null;
}
