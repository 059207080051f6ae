// npm run jobs:applications: the work the application's dates drive, then exits. Offers past their
// reply-by date are declined by default, students are reminded 3 days before an offer's reply-by
// date, and applications undecided past their decide-by date become inactive (the student is
// e-mailed, and the staff who handle the application are told as each chose: lib/notifications). Safe to run as often as you like (every hour
// from cron or a platform scheduler) and to overlap: each change is made once, with its e-mails
// (lib/applications/jobs.server.ts). The mail goes out through the mail queue: a running server's
// worker delivers it, or `npm run jobs:mail`.
import "./load-env";
import { runApplicationJobs } from "@/lib/applications/jobs.server";
import { runMailJob } from "./mail-job";

runMailJob(async () => {
  const { inactive, declined, reminded, doneElsewhere, failed } = await runApplicationJobs(new Date());
  return {
    summary:
      `Applications: offers declined by default ${declined}, reply reminders queued ${reminded}, ` +
      `marked inactive ${inactive}` +
      (doneElsewhere ? `; done meanwhile by another run or a person ${doneElsewhere}` : "") +
      (failed ? `; failed ${failed} (retried next run).` : "."),
    failed,
  };
});
