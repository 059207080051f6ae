import "server-only";
import { cacheStore } from "@/lib/cache/store";
import { prisma } from "@/lib/db/client.server";
import { migrationNames } from "@/lib/db/migrate.server";
import { HttpError } from "@/lib/http/errors";
import { NO_STORE } from "./liveness";
import { logger } from "@/lib/log.server";
import { mailWorkerState } from "@/lib/mail/worker-state.server";

// What GET /api/ready answers: whether this server can do its work, for a load balancer or an
// orchestrator deciding whether to send it traffic. Each part is checked at once, in parallel,
// each within CHECK_TIMEOUT_MS, so that a hung dependency makes the answer "not ready" rather
// than a probe that times out:
//   database    PostgreSQL answers a query;
//   migrations  every migration of prisma/migrations is applied (a server started before
//               `npm run db:migrate` ran, or from a newer build than the database, is not ready);
//   redis       the shared cache answers PING, when REDIS_URL is set;
//   mail        this server's mail worker runs, and its last round reached the queue.
// The answer names the parts only: no versions, migration names, hosts or error messages, since
// anyone may ask. The details of a failure go to the log for the operator.

export const READINESS_PARTS = ["database", "migrations", "redis", "mail"] as const;
export type ReadinessPart = (typeof READINESS_PARTS)[number];
export type CheckOutcome = "ok" | "failed" | "not configured" | "not checked";

/** How long one check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 3_000;

export interface Readiness {
  ready: boolean;
  checks: Record<ReadinessPart, CheckOutcome>;
}

/** What a failed check tells the log (never the client). */
class CheckFailed extends Error {}

function withinTimeout<T>(work: Promise<T>, part: ReadinessPart): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CheckFailed(`${part}: no answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}

/** The folder's migrations the database has not finished applying. */
async function pendingMigrations(): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM "_prisma_migrations"
     WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((row) => row.migration_name));
  return migrationNames().filter((name) => !applied.has(name));
}

async function checkMigrations(): Promise<void> {
  const pending = await pendingMigrations();
  if (pending.length) throw new CheckFailed(`migrations not applied: ${pending.join(", ")}`);
}

async function checkRedis(): Promise<CheckOutcome> {
  // The store is Redis exactly when REDIS_URL is set (lib/cache/store.js); only Redis is pinged.
  const store = cacheStore();
  if (!store.ping) return "not configured";
  await store.ping();
  return "ok";
}

function checkMail(): void {
  const { running, lastRoundFailed } = mailWorkerState();
  if (!running) throw new CheckFailed("the mail worker is not running");
  if (lastRoundFailed) throw new CheckFailed("the mail worker's last round could not reach the queue");
}

/** Checks every part; a failure is logged with its reason and reported by name. */
export async function checkReadiness(): Promise<Readiness> {
  const reasons: Partial<Record<ReadinessPart, string>> = {};
  const run = async (
    part: ReadinessPart,
    check: () => Promise<CheckOutcome | void>,
  ): Promise<CheckOutcome> => {
    try {
      return (await withinTimeout(check(), part)) ?? "ok";
    } catch (error) {
      reasons[part] = error instanceof Error ? error.message : String(error);
      return "failed";
    }
  };
  const database = run("database", checkDatabase);
  const [databaseOutcome, migrations, redis, mail] = await Promise.all([
    database,
    // Migrations are read from the database: checked only once it answers.
    database.then((outcome) => (outcome === "ok" ? run("migrations", checkMigrations) : "not checked")),
    run("redis", checkRedis),
    run("mail", async () => checkMail()),
  ]);
  const checks = { database: databaseOutcome, migrations, redis, mail } satisfies Readiness["checks"];
  const ready = Object.values(checks).every((outcome) => outcome !== "failed");
  if (!ready) logger().warn({ checks, reasons }, "not ready");
  return { ready, checks };
}

/** The names of the parts that failed, for the 503's message. */
export function failedParts(readiness: Readiness): ReadinessPart[] {
  return READINESS_PARTS.filter((part) => readiness.checks[part] === "failed");
}

/** The 503 of a server that is not ready, in the one error shape, naming what failed. */
export function notReady(readiness: Readiness): HttpError {
  return new HttpError(503, `Not ready: ${failedParts(readiness).join(", ")}.`, undefined, {
    ...NO_STORE,
    "Retry-After": "10",
  });
}
