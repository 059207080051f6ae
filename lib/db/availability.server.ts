import "server-only";
import net from "node:net";

// The database's availability as this server process last saw it: a circuit breaker. A
// query that fails because the database is unreachable (lib/db/errors.server.ts: not merely
// busy) opens it (route() for API requests, instrumentation's onRequestError for pages); while it is open, proxy.ts answers page
// requests at once with the branded 503 page instead of letting them render into a 500 (the API
// answers its own 503s), and probes the database's port at most once a second; the first probe
// that connects closes it. The state sits on globalThis because proxy.ts and the app's
// routes are separate bundles, each with its own copy of this module, in one process (the cache
// handler, lib/cache/incremental-handler.js, reads it there too).

/** How often, at most, an open breaker tries the database's port. */
export const PROBE_INTERVAL_MS = 1_000;
const PROBE_TIMEOUT_MS = 1_000;

interface Breaker {
  openSince: number | null;
  lastProbe: number;
  /** When a probe last closed it: failures of requests older than that are old news. */
  closedAt: number;
}

const KEY = Symbol.for("unisearch.database-breaker");
const shared = globalThis as unknown as { [KEY]?: Breaker };
const breaker = (): Breaker => (shared[KEY] ??= { openSince: null, lastProbe: 0, closedAt: 0 });

/**
 * A request that started at `requestStartedAt` failed because the database is unreachable: later
 * page requests are answered 503 at once. A request that started before the breaker last closed
 * (it waited through the outage) does not open it again.
 */
export function markDatabaseUnavailable(requestStartedAt = Date.now(), now = Date.now()) {
  const state = breaker();
  if (requestStartedAt < state.closedAt) return;
  // The first page request after it probes at once: an error that only looked like the database's
  // (another service refusing a connection) closes it again there.
  state.openSince ??= now;
}

/**
 * Whether this request should be answered 503 without trying the database. An open breaker
 * probes the database's port when its last probe is PROBE_INTERVAL_MS old (the request waits for
 * that probe, at most a second; requests meanwhile get their 503 at once); a probe that connects
 * closes it, so the app serves again, without a restart, as soon as the database is back.
 */
export async function isDatabaseMarkedUnavailable(
  databaseUrl = process.env.DATABASE_URL,
  probe: (url: string) => Promise<boolean> = canConnect,
  now = Date.now(),
): Promise<boolean> {
  const state = breaker();
  if (state.openSince === null) return false;
  if (!databaseUrl || now - state.lastProbe < PROBE_INTERVAL_MS) return true;
  state.lastProbe = now;
  if (await probe(databaseUrl)) {
    state.openSince = null;
    state.closedAt = now;
  }
  return state.openSince !== null;
}

/** Whether a TCP connection to the database's host and port opens within a second. */
function canConnect(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}
