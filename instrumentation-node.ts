import type { Instrumentation } from "next";
import { markDatabaseUnavailable } from "@/lib/db/availability.server";
import { databaseFailure } from "@/lib/db/errors.server";
import { logger } from "@/lib/log.server";

// Parsing the environment at start-up makes a production server with a missing AUTH_SECRET or
// DATABASE_URL stop at once, naming the variable, instead of failing on its first request.
// (Next only logs errors thrown from register(), so the process is ended explicitly.)
export async function checkEnvironment() {
  try {
    await import("@/lib/env.server");
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

/**
 * Traces (lib/telemetry) when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise the SDK is not even
 * imported. Started before the server serves, so that every request is traced.
 */
export async function startTracing() {
  const { env } = await import("@/lib/env.server");
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  const tracing = await import("@/lib/telemetry/tracing.server");
  tracing.startTracing(env.OTEL_SERVICE_NAME ?? "unisearch");
  stopTracing = tracing.stopTracing;
}

let stopTracing: (() => Promise<void>) | undefined;
let stopMailWorker: (() => Promise<void>) | undefined;
let shuttingDown = false;

// Each server delivers queued e-mail (lib/mail/worker.server.ts). Started without being awaited: a
// database that is not up yet must not stop the server from serving; the worker is retried.
export function startBackgroundWork(attempt = 1) {
  void import("@/lib/mail/worker.server")
    .then(async ({ startMailWorker }) => {
      const stop = await startMailWorker();
      if (shuttingDown) await stop();
      else stopMailWorker = stop;
    })
    .catch((error: unknown) => {
      if (shuttingDown) return;
      const delay = Math.min(60, 5 * attempt);
      console.error(`[mail worker] not started (${String(error)}); trying again in ${delay} s`);
      setTimeout(() => startBackgroundWork(attempt + 1), delay * 1000).unref();
    });
}

/**
 * On SIGTERM or SIGINT (lib/shutdown.server.ts): while Next answers the requests in flight, the
 * mail worker finishes the message it is sending and takes no other; then the last spans are sent.
 */
export async function handleShutdown() {
  const { env } = await import("@/lib/env.server");
  const { handleShutdown: handle } = await import("@/lib/shutdown.server");
  handle({
    timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    stopWork: async () => {
      shuttingDown = true;
      await stopMailWorker?.();
    },
    finish: async () => stopTracing?.(),
  });
}

/** Connects to the shared cache (Redis with REDIS_URL) now rather than on the first request. */
export function openCacheStore() {
  void import("@/lib/cache/store").then(({ cacheStore }) => cacheStore());
}

/**
 * A server error of a page or action: logged with its request id and the digest its error page
 * shows; a database that cannot be reached opens the breaker, so the next pages get the 503 page.
 * (Next shows such a page app/error.tsx's page with status 500: it is past changing by now.)
 */
export function reportRequestError(
  error: unknown,
  request: Parameters<Instrumentation.onRequestError>[1],
  context: Parameters<Instrumentation.onRequestError>[2],
) {
  const failure = databaseFailure(error);
  // proxy.ts stamps each page request with its id and the moment it arrived.
  const { "x-request-id": requestId, "x-request-start": startedAt } = request.headers;
  if (failure === "unreachable") markDatabaseUnavailable(Number(startedAt) || Date.now());
  logger().error(
    {
      requestId: typeof requestId === "string" ? requestId : undefined,
      method: request.method,
      path: request.path.split("?")[0],
      route: context.routePath,
      digest: (error as { digest?: unknown } | null)?.digest,
      err: error,
    },
    failure ? `the database is ${failure === "busy" ? "busy" : "unavailable"}` : "page error",
  );
}
