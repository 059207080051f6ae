import "server-only";
import { logger } from "@/lib/log.server";
import type { Mail } from "./send.server";
import { deliverMail } from "./send.server";
import { MAIL_QUEUE, mailQueue } from "./queue.server";
import { setMailWorkerState } from "./worker-state.server";
import { markReferenceBounced } from "@/lib/references/commands.server";

// Delivers queued e-mail. A message the SMTP server refuses (or an SMTP server that is down)
// fails its job, and pg-boss makes it due again later with the queue's backoff (MAIL_RETRY). A
// recipient the server refuses for good (a 5xx answer to RCPT TO: no such mailbox) is not tried
// again, and neither is a message whose retries are spent: a referee's request that ends so marks
// its reference bounced, for the student to see.

/** How often an idle worker looks for mail that has become due. */
export const MAIL_POLL_MS = 2000;

/**
 * Delivers the mail that is due now, each message on its own (one failure does not hold back the
 * rest), until none is due or `stopping()` says so, and returns how many were sent and how many
 * failed (to be retried later).
 */
export async function deliverDueMail(
  connectionString?: string,
  stopping: () => boolean = () => false,
): Promise<{ sent: number; failed: number }> {
  const boss = await mailQueue(connectionString);
  let sent = 0;
  let failed = 0;
  for (;;) {
    // A worker that is stopping takes no more jobs. Jobs are taken one at a time: a taken job is
    // active until completed, failed or expired (15 min), so one taken ahead and left behind by a
    // restart would wait that long instead of going to another server at once.
    if (stopping()) return { sent, failed };
    const jobs = await boss.fetch<Mail>(MAIL_QUEUE, { batchSize: 1, includeMetadata: true });
    if (!jobs?.length) return { sent, failed };
    for (const job of jobs) {
      try {
        await deliverMail(job.data);
        await boss.complete(MAIL_QUEUE, job.id);
        sent++;
      } catch (error) {
        await boss.fail(MAIL_QUEUE, job.id, { message: String(error) });
        failed++;
        const refused = recipientRefused(error);
        // fail() has made it due again while retries remain: a refused recipient is not retried.
        if (refused) await boss.cancel(MAIL_QUEUE, job.id);
        if ((refused || job.retryCount >= job.retryLimit) && job.data.bouncesReference) {
          await markReferenceBounced(job.data.bouncesReference).catch((bounceError: unknown) =>
            logger().error({ err: bounceError }, "a bounced reference request was not marked"),
          );
        }
      }
    }
  }
}

/**
 * Whether the SMTP server refused the recipient for good: a 5xx answer to RCPT TO (nodemailer's
 * EENVELOPE). Anything else (a 4xx, a server that is down, a 5xx to our login) may pass later.
 */
export function recipientRefused(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return (
    code === "EENVELOPE" && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600
  );
}

/**
 * The worker of a running server: drains the due mail, then looks again every MAIL_POLL_MS. A
 * failed round (the database away) is logged and the next one tries again. Returns `stop`, which
 * takes no further job and resolves once the message being delivered (if any) is done with.
 */
export async function startMailWorker(connectionString?: string): Promise<() => Promise<void>> {
  await mailQueue(connectionString);
  setMailWorkerState({ running: true, lastRoundFailed: false });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> = Promise.resolve();
  const round = async () => {
    try {
      await deliverDueMail(connectionString, () => stopped);
      setMailWorkerState({ lastRoundFailed: false });
    } catch (error) {
      setMailWorkerState({ lastRoundFailed: true });
      logger().error({ err: error }, "mail worker round failed");
    }
    if (stopped) return;
    timer = setTimeout(() => void (current = round()), MAIL_POLL_MS);
    timer.unref();
  };
  current = round();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    setMailWorkerState({ running: false });
    await current;
  };
}
