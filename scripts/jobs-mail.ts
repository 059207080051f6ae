// npm run jobs:mail: delivers the queued e-mail that is due, then exits. The app's servers deliver
// mail themselves while they run; this is for platforms whose servers sleep between requests
// (Vercel: run it from a scheduler every few minutes).
import "./load-env";
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { stopMailQueue } from "@/lib/mail/queue.server";
import { deliverDueMail } from "@/lib/mail/worker.server";

withDatabaseUrl(async (url) => {
  try {
    const { sent, failed } = await deliverDueMail(url);
    console.log(`Mail: ${sent} sent, ${failed} failed (retried later).`);
  } finally {
    await stopMailQueue();
  }
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
