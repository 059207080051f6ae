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
