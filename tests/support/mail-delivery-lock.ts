import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The mail queue is one per database, and a test file that delivers it (lib/mail/worker.server.ts) takes
// every due message, another file's too, to its own SMTP capture. The files that deliver mail
// therefore hold this lock from their first message to their last, so that they run one at a
// time while the rest of the suite runs in parallel. Each run (its own database) has its own
// lock, named by the integration global setup.

/** A new run's lock path (the global setup puts it in MAIL_DELIVERY_LOCK for the test files). */
export const newMailDeliveryLock = () =>
  join(tmpdir(), `unisearch-mail-delivery-${process.pid}-${Date.now()}.lock`);

/** Waits for the lock (a directory only one process can create); returns its release. */
export async function lockMailDelivery(): Promise<() => Promise<void>> {
  const lock = process.env.MAIL_DELIVERY_LOCK;
  if (!lock) throw new Error("MAIL_DELIVERY_LOCK is set by the integration global setup");
  for (;;) {
    try {
      await mkdir(lock);
      return () => rm(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
