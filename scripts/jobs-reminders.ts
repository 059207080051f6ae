// npm run jobs:reminders: queues the deadline reminder e-mails that have become due,
// then exits. Safe to run as often as you like (every hour from cron or a platform scheduler):
// a reminder is recorded with its e-mail and never sent twice (lib/reminders/job.server.ts). The mail
// goes out through the mail queue: a running server's worker delivers it, or `npm run jobs:mail`.
import "./load-env";
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { mailQueue, stopMailQueue } from "@/lib/mail/queue.server";
import { sendDueReminders } from "@/lib/reminders/job.server";

withDatabaseUrl(async (url) => {
  // The app's Prisma client and mail queue, on this database (the embedded one has no env var).
  process.env.DATABASE_URL = url;
  await mailQueue(url);
  try {
    const { emails, reminders, failed } = await sendDueReminders(new Date(), url);
    console.log(
      `Reminders: ${reminders} in ${emails} e-mails queued` +
        (failed ? `, ${failed} students failed (retried next run).` : "."),
    );
    if (failed) process.exitCode = 1;
  } finally {
    await stopMailQueue();
  }
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
