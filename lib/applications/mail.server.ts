import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { mailQueue } from "@/lib/mail/queue.server";
import { sendMail, type MailDb } from "@/lib/mail/send.server";
import {
  applicationMail,
  type ApplicationMessage,
  type MailSubject,
} from "@/lib/mail/templates/application.server";

export type { MailSubject };
import { platformNameIn } from "@/lib/settings/queries.server";

// E-mails about an application are queued in the transaction that changes it (the mail queue's
// job is a row in the same database), so a change and its notice are stored together or not at
// all: a crash between the two can no longer lose the e-mail. What staff are told goes through
// tellStaff (lib/notifications/tell.server.ts), which queues the same way.

export const MAIL_SUBJECT_SELECT = {
  user: { select: { email: true, fullName: true, emailVerifiedAt: true } },
  program: { select: { name: true, degree: true, university: { select: { name: true } } } },
} as const;

/**
 * Starts the mail queue if it is not running yet: call it before opening a transaction that queues
 * mail. Starting it takes connections of its own, which must not wait for that transaction (the
 * embedded database serves one connection at a time).
 */
export async function readyToQueueMail(): Promise<void> {
  await mailQueue();
}

/** The open transaction as the mail queue's connection. */
export function mailDb(tx: Prisma.TransactionClient): MailDb {
  return {
    executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }),
  };
}

/**
 * Queues an e-mail to the student in `tx`: it goes only if the transaction commits. The platform's
 * name is read in `tx` too (the embedded database serves one transaction at a time).
 */
export async function queueMail(
  tx: Prisma.TransactionClient,
  about: MailSubject,
  message: ApplicationMessage,
): Promise<void> {
  const mail = await applicationMail(about, await platformNameIn(tx), message);
  await sendMail({ to: about.user.email, ...mail }, { db: mailDb(tx) });
}
