// The frame of a job script that queues e-mail (jobs:reminders, jobs:applications, jobs:digest):
// the app's Prisma client and mail queue on the script's database (the embedded one has no env
// var), the queue stopped at the end, one summary line, and exit code 1 when some of the work
// failed (the next run retries it) or the run could not start.
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { mailQueue, stopMailQueue } from "@/lib/mail/queue.server";

export function runMailJob(work: (url: string) => Promise<{ summary: string; failed: number }>): void {
  withDatabaseUrl(async (url) => {
    process.env.DATABASE_URL = url;
    await mailQueue(url);
    try {
      const { summary, failed } = await work(url);
      console.log(summary);
      if (failed) process.exitCode = 1;
    } finally {
      await stopMailQueue();
    }
  }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
