import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/record.server";
import { contactMessageRetryAfter, minutesText } from "@/lib/auth/rate-limit.server";
import { requestClientIp } from "@/lib/auth/request.server";
import { prisma } from "@/lib/db/client.server";
import { notFound, tooManyRequests } from "@/lib/http/errors";
import type { ContactMessageInput } from "@/lib/validation/contact";

/**
 * Stores a contact-form message (POST /api/contact and the form's action), counted per client
 * address first (lib/auth/rate-limit.server.ts): a 429 leaves nothing stored.
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

/**
 * Deletes a message (an admin, DELETE /api/contact/{id}): answered, or its sender asked for it to
 * be erased. The audit entry keeps only the id and the date, not the sender or the text.
 */
export async function deleteContactMessage(actor: AuditActor, id: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const message = await tx.contactMessage.findUnique({ where: { id }, select: { createdAt: true } });
    // deleteMany: of two admins deleting it at once, one deletes it and the other is told it is gone.
    const { count } = message ? await tx.contactMessage.deleteMany({ where: { id } }) : { count: 0 };
    if (!message || count === 0) throw notFound("Message not found");
    await recordAudit(tx, actor, {
      action: "contactMessage.delete",
      entityType: "contactMessage",
      entityId: id,
      summary: `Message ${id}`,
      before: { receivedAt: message.createdAt },
    });
  });
}
