import "server-only";
import type { Mail } from "./send";
import { deliverMail } from "./send";
import { MAIL_QUEUE, mailQueue } from "./queue";

// Delivers queued e-mail. A message the SMTP server refuses (or an SMTP server that is down)
// fails the job, and pg-boss retries it later with the queue's backoff (MAIL_RETRY).

/** How often an idle worker looks for new mail. */
export const MAIL_POLL_SECONDS = 2;

export async function startMailWorker(connectionString?: string): Promise<string> {
  const boss = await mailQueue(connectionString);
  return boss.work<Mail>(
    MAIL_QUEUE,
    { pollingIntervalSeconds: MAIL_POLL_SECONDS, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs) await deliverMail(job.data);
    },
  );
}

/**
 * Delivers the mail that is due now, then returns how many were sent and how many failed (to be
 * retried later). For platforms whose servers sleep between requests (serverless): run it from a
 * scheduler every few minutes (`npm run jobs:mail`).
 */
export async function deliverDueMail(connectionString?: string): Promise<{ sent: number; failed: number }> {
  const boss = await mailQueue(connectionString);
  let sent = 0;
  let failed = 0;
  for (;;) {
    const jobs = await boss.fetch<Mail>(MAIL_QUEUE, { batchSize: 10 });
    if (!jobs?.length) return { sent, failed };
    for (const job of jobs) {
      try {
        await deliverMail(job.data);
        await boss.complete(MAIL_QUEUE, job.id);
        sent++;
      } catch (error) {
        await boss.fail(MAIL_QUEUE, job.id, { message: String(error) });
        failed++;
      }
    }
  }
}
