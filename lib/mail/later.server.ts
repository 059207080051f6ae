import "server-only";
import { logger } from "@/lib/log.server";
import { DEFAULT_PLATFORM_NAME, getPlatformName } from "@/lib/settings/queries.server";
import { sendMail, type Mail } from "./send.server";

/**
 * Queues `mail` for a message that must not undo the request if it cannot go (a notice after a
 * profile change, a verification link): the queue delivers it later, and a failure to queue it is
 * logged while the request's outcome stands.
 */
export async function sendMailLater(mail: Mail, what: string): Promise<void> {
  await sendMail(mail).catch((error: unknown) => logger().error({ err: error }, `${what} not queued`));
}

/**
 * The platform name for a message about a saved change: the default name when it cannot be read,
 * since the change stands and its answer must not become an error.
 */
export async function platformNameForMail(): Promise<string> {
  try {
    return await getPlatformName();
  } catch (error) {
    logger().error({ err: error }, "platform name not read for an e-mail");
    return DEFAULT_PLATFORM_NAME;
  }
}
