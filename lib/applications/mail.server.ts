import "server-only";
import { env } from "@/lib/env.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { greeting } from "@/lib/mail/greeting";
import { mailQueue } from "@/lib/mail/queue.server";
import { sendMail, type MailDb } from "@/lib/mail/send.server";

// E-mails about an application are queued in the transaction that changes it (the mail queue's
// job is a row in the same database), so a change and its notice are stored together or not at
// all: a crash between the two can no longer lose the e-mail.

/** What an e-mail about an application names: the student and the program. */
export interface MailSubject {
  user: { email: string; fullName: string; emailVerifiedAt: Date | null };
  program: { name: string; degree: string; university: { name: string } };
}

export const MAIL_SUBJECT_SELECT = {
  user: { select: { email: true, fullName: true, emailVerifiedAt: true } },
  program: { select: { name: true, degree: true, university: { select: { name: true } } } },
} as const;

/**
 * "Marine Biology (MSc) at Riverside University": every e-mail about an application names it in
 * its subject, so that mail about several applications does not thread together.
 */
export function applicationTitle(program: MailSubject["program"]): string {
  return `${program.name} (${program.degree}) at ${program.university.name}`;
}

/**
 * Starts the mail queue if it is not running yet: call it before opening a transaction that queues
 * mail. Starting it takes connections of its own, which must not wait for that transaction (the
 * embedded database serves one connection at a time).
 */
export async function readyToQueueMail(): Promise<void> {
  await mailQueue();
}

/** The open transaction as the mail queue's connection. */
function mailDb(tx: Prisma.TransactionClient): MailDb {
  return {
    executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }),
  };
}

/** Queues an e-mail to the student in `tx`: it goes only if the transaction commits. */
export async function queueMail(
  tx: Prisma.TransactionClient,
  about: MailSubject,
  { subject, body }: { subject: string; body: string },
): Promise<void> {
  await sendMail(
    {
      to: about.user.email,
      subject: `${applicationTitle(about.program)}: ${subject}`,
      text: `${greeting(about.user)}\n\n${body}\n\nFollow your applications at ${new URL("/user/applications", env.APP_URL)}\n`,
    },
    { db: mailDb(tx) },
  );
}

/**
 * Queues an e-mail about application `applicationId` to every active admin (super and team
 * admins) in `tx`, one message each, linking to its page: they go only if the transaction commits.
 */
export async function queueTeamMail(
  tx: Prisma.TransactionClient,
  applicationId: number,
  about: Pick<MailSubject, "program">,
  { subject, body }: { subject: string; body: string },
): Promise<void> {
  const admins = await tx.user.findMany({
    where: { role: "admin", isActive: true },
    orderBy: { id: "asc" },
    select: { email: true, fullName: true, emailVerifiedAt: true },
  });
  for (const admin of admins) {
    await sendMail(
      {
        to: admin.email,
        subject: `${applicationTitle(about.program)}: ${subject}`,
        text: `${greeting(admin)}\n\n${body}\n\nThe application: ${new URL(`/admin/applications/${applicationId}`, env.APP_URL)}\n`,
      },
      { db: mailDb(tx) },
    );
  }
}
