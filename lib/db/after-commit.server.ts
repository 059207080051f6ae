import "server-only";
import { logger } from "@/lib/log.server";

/**
 * Runs work that follows a committed write (expiring cached pages, refreshing statistics):
 * best effort. The write is saved whatever happens here, so a failure is logged and never
 * thrown: an error answer for a saved write would make the client retry it, and a retried create
 * would save a second row. Reads the answer needs belong inside the write's transaction instead.
 */
export async function afterCommit(what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    logger().error({ err: error }, `after a saved write: ${what} failed`);
  }
}
