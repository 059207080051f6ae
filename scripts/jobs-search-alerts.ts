// npm run jobs:search-alerts: queues the weekly alert e-mails of saved searches (what is new or
// changed in each since its last alert), then exits. Run it weekly from cron or a platform
// scheduler; running it again, late or twice at once sends nothing twice and misses nothing
// (lib/saved-searches/alerts-job.server.ts). The mail goes out through the mail queue: a running
// server's worker delivers it, or `npm run jobs:mail`.
//
//   --settle-minutes=N  list changes made at least N minutes ago (default 15: changes still being
//                       committed are left for the next run); 0 lists everything up to now.
import "./load-env";
import { sendSearchAlerts, SETTLE_MS } from "@/lib/saved-searches/alerts-job.server";
import { runMailJob } from "./mail-job";

function settleMs(args: string[]): number {
  const option = args.find((arg) => arg.startsWith("--settle-minutes="));
  if (!option) return SETTLE_MS;
  const minutes = Number(option.slice("--settle-minutes=".length));
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 1440)
    throw new Error("--settle-minutes must be a whole number of minutes from 0 to 1440.");
  return minutes * 60_000;
}

const settle = settleMs(process.argv.slice(2));

runMailJob(async (url) => {
  const { emails, searches, failed } = await sendSearchAlerts(new Date(), url, settle);
  return {
    summary:
      `Saved search alerts: ${searches} searches in ${emails} e-mails queued` +
      (failed ? `, ${failed} students failed (retried next run).` : "."),
    failed,
  };
});
