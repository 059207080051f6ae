import "server-only";
import { logger } from "@/lib/log.server";
import { after } from "next/server";

// Work that must not delay or shape the answer (the password-reset e-mail: whether an account
// exists must not show in the response time). Inside a request, Next's `after()` runs it once the
// response has been sent, and keeps a serverless function alive until it ends. Outside one (the
// integration tests call handlers directly, scripts), it starts at once without being awaited,
// and `settleAfterResponse()` waits for it.

const pending = new Set<Promise<void>>();

export function afterResponse(task: () => Promise<void>): void {
  const run = () =>
    task().catch((error: unknown) => {
      logger().error({ err: error }, "work after the response failed");
    });
  try {
    after(run);
  } catch (error) {
    if (!(error instanceof Error && error.message.includes("outside a request scope"))) throw error;
    const promise = run().finally(() => pending.delete(promise));
    pending.add(promise);
  }
}

/** Waits for the work started outside a request (tests). */
export async function settleAfterResponse(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
