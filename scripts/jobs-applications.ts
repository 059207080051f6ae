// npm run jobs:applications: the work the application's dates drive, then exits. Offers past their
// reply-by date are declined by default (the student and the admins are e-mailed), students are
// reminded 3 days before an offer's reply-by date, and applications undecided past their decide-by
// date become inactive (the student is e-mailed). Safe to run as often as you like (every hour
// from cron or a platform scheduler) and to overlap: each change is made once, with its e-mails
// (lib/applications/jobs.server.ts). The mail goes out through the mail queue: a running server's
// worker delivers it, or `npm run jobs:mail`.
import "./load-env";
import { runApplicationJobs } from "@/lib/applications/jobs.server";
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { mailQueue, stopMailQueue } from "@/lib/mail/queue.server";

withDatabaseUrl(async (url) => {
  // The app's Prisma client and mail queue, on this database (the embedded one has no env var).
  process.env.DATABASE_URL = url;
  await mailQueue(url);
  try {
    const { inactive, declined, reminded, doneElsewhere, failed } = await runApplicationJobs(new Date());
    console.log(
      `Applications: offers declined by default ${declined}, reply reminders queued ${reminded}, ` +
        `marked inactive ${inactive}` +
        (doneElsewhere ? `; done meanwhile by another run or a person ${doneElsewhere}` : "") +
        (failed ? `; failed ${failed} (retried next run).` : "."),
    );
    if (failed) process.exitCode = 1;
  } finally {
    await stopMailQueue();
  }
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
