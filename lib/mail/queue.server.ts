import "server-only";
import { logger } from "@/lib/log.server";
import PgBoss from "pg-boss";
import { env } from "@/lib/env.server";

// The outgoing mail queue (Faults): e-mail is a job in PostgreSQL (pg-boss, schema
// `pgboss`), so a request never waits for SMTP, and a message survives an SMTP outage or a
// restart: the worker retries with growing delays until the server takes it. Every app server
// runs a worker (instrumentation-node.ts); pg-boss hands each job to one of them.

export const MAIL_QUEUE = "mail";

/** Retries: 30 s, then doubling (about 1, 2, 4... minutes), for roughly a day in all. */
export const MAIL_RETRY = { retryLimit: 12, retryDelay: 30, retryBackoff: true } as const;

let started: Promise<PgBoss> | undefined;

/** The queue, connected and migrated on first use (pg-boss creates its own schema). */
export function mailQueue(connectionString = env.DATABASE_URL): Promise<PgBoss> {
  started ??= (async () => {
    const boss = new PgBoss({
      connectionString,
      schema: "pgboss",
      // A small pool of its own: polling must not take connections the app's requests need.
      max: 2,
      // Reminders and other scheduled jobs are not used yet; maintenance (expiry, retention) is.
      schedule: false,
      // Completed and failed jobs are kept a week for support, then deleted.
      deleteAfterDays: 7,
    });
    boss.on("error", (error) => logger().error({ err: error }, "mail queue"));
    await boss.start();
    await boss.createQueue(MAIL_QUEUE);
    return boss;
  })().catch((error: unknown) => {
    started = undefined; // the next call tries again (the database may be back)
    throw error;
  });
  return started;
}

/** Stops the queue (tests, shutdown), waiting for jobs in progress. */
export async function stopMailQueue(): Promise<void> {
  const boss = await started?.catch(() => undefined);
  started = undefined;
  await boss?.stop({ graceful: true, wait: true, close: true });
}
