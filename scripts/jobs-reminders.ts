// npm run jobs:reminders: queues the deadline reminder e-mails that have become due,
// then exits. Safe to run as often as you like (every hour from cron or a platform scheduler):
// a reminder is recorded with its e-mail and never sent twice (lib/reminders/job.server.ts). The mail
// goes out through the mail queue: a running server's worker delivers it, or `npm run jobs:mail`.
import "./load-env";
import { sendDueReminders } from "@/lib/reminders/job.server";
import { runMailJob } from "./mail-job";

runMailJob(async (url) => {
  const { emails, reminders, failed } = await sendDueReminders(new Date(), url);
  return {
    summary:
      `Reminders: ${reminders} in ${emails} e-mails queued` +
      (failed ? `, ${failed} students failed (retried next run).` : "."),
    failed,
  };
});
