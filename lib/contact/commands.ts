import "server-only";
import { contactMessageRetryAfter, minutesText } from "@/lib/auth/rate-limit";
import { requestClientIp } from "@/lib/auth/request";
import { prisma } from "@/lib/db/client";
import { tooManyRequests } from "@/lib/http/errors";
import type { ContactMessageInput } from "@/lib/validation/contact";

/**
 * Stores a contact-form message (POST /api/contact and the form's action), counted per client
 * address first (lib/auth/rate-limit.ts): a 429 leaves nothing stored.
 */
export async function sendContactMessage(input: ContactMessageInput): Promise<{ id: number }> {
  const retryAfter = await contactMessageRetryAfter(await requestClientIp());
  if (retryAfter !== null) {
    throw tooManyRequests(
      `Too many messages were sent from this network. Try again in ${minutesText(retryAfter)}.`,
      retryAfter,
    );
  }
  return prisma.contactMessage.create({ data: input, select: { id: true } });
}
