import "server-only";
import { logger } from "@/lib/log";
import { sendMail, type Mail } from "./send";

/**
 * Queues `mail` for a message that must not undo the request if it cannot go (a notice after a
 * profile change, a verification link): the queue delivers it later, and a failure to queue it is
 * logged while the request's outcome stands.
 */
export async function sendMailLater(mail: Mail, what: string): Promise<void> {
  await sendMail(mail).catch((error: unknown) => logger().error({ err: error }, `${what} not queued`));
}
