// npm run jobs:digest: queues each staff member's daily digest (the events they chose to read in
// it, since their last digest), then exits. Run it once a day from cron or a platform scheduler;
// safe to run again or to overlap: a staff member gets at most one digest a day, each event in one
// digest, and a run after a gap sends everything since the last (lib/notifications/digest.server.ts).
// The mail goes out through the mail queue: a running server's worker delivers it, or
// `npm run jobs:mail`.
import "./load-env";
import { sendDigests } from "@/lib/notifications/digest.server";
import { runMailJob } from "./mail-job";

runMailJob(async () => {
  const { emails, events, doneElsewhere, failed } = await sendDigests(new Date());
  return {
    summary:
      `Digests: ${events} events in ${emails} e-mails queued` +
      (doneElsewhere ? `; already sent today or taken by another run ${doneElsewhere}` : "") +
      (failed ? `; failed ${failed} (retried next run).` : "."),
    failed,
  };
});
