import "server-only";
import { mailDb } from "@/lib/applications/mail.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { sendMail } from "@/lib/mail/send.server";
import { teamApplicationMail, type ApplicationMessage } from "@/lib/mail/templates/application.server";
import { platformNameIn } from "@/lib/settings/queries.server";
import { NOTICE_DEFAULTS, type NoticeDelivery, type NoticeKind } from "./kinds";

// The one path by which staff are told of an event of an application (lib/notifications/kinds.ts
// says who and why). Called inside the transaction that records the event, after its
// application_events row: an e-mail at once is queued in that transaction (the mail queue's job
// is a row of the same database), and an event for the digest is written as a staff_digest_items
// row there too, so the event and what it sets off are stored together or not at all. The caller
// awaits readyToQueueMail() before opening the transaction.

/** An event staff may be told of. */
export interface StaffNotice {
  kind: NoticeKind;
  applicationId: number;
  /** The application_events row that records it (the digest lists it from there). */
  eventId: number;
  /** What an e-mail at once says (teamApplicationMail adds the greeting and the link). */
  message: ApplicationMessage;
}

/** A staff member who could be told, as tellStaff reads them. */
export interface Candidate {
  id: number;
  email: string;
  fullName: string;
  emailVerifiedAt: Date | null;
  delivery: NoticeDelivery;
  /** They handle the application's university. */
  handles: boolean;
  /** They handle some university (a staff member who handles none is of the general team). */
  handlesAny: boolean;
}

/**
 * Who is told of an event of `kind` among the active admins other than the applicant: a new
 * submission, those who handle the university; anything else, the assignee when they are among
 * them, else those who handle the university, else (nobody handles it) those who handle none.
 * Their choice for the kind then says how, and "off" drops them.
 */
export function recipientsOf(
  kind: NoticeKind,
  candidates: readonly Candidate[],
  assigneeId: number | null,
): Candidate[] {
  const handlers = candidates.filter((c) => c.handles);
  const assignee = assigneeId === null ? undefined : candidates.find((c) => c.id === assigneeId);
  const told =
    kind === "newSubmission"
      ? handlers
      : assignee
        ? [assignee]
        : handlers.length
          ? handlers
          : candidates.filter((c) => !c.handlesAny);
  return told.filter((c) => c.delivery !== "off");
}

/** Tells the staff who should know of `notice`, each as they chose, inside `tx`. */
export async function tellStaff(tx: Prisma.TransactionClient, notice: StaffNotice): Promise<void> {
  const application = await tx.application.findUniqueOrThrow({
    where: { id: notice.applicationId },
    select: {
      userId: true,
      assigneeId: true,
      program: {
        select: { name: true, degree: true, universityId: true, university: { select: { name: true } } },
      },
    },
  });
  const staff = await tx.user.findMany({
    where: { role: "admin", isActive: true, id: { not: application.userId } },
    orderBy: { id: "asc" },
    select: {
      id: true,
      email: true,
      fullName: true,
      emailVerifiedAt: true,
      noticeChoices: { where: { kind: notice.kind }, select: { delivery: true } },
      handledUniversities: {
        where: { universityId: application.program.universityId },
        select: { universityId: true },
      },
      _count: { select: { handledUniversities: true } },
    },
  });
  const candidates: Candidate[] = staff.map((s) => ({
    id: s.id,
    email: s.email,
    fullName: s.fullName,
    emailVerifiedAt: s.emailVerifiedAt,
    delivery: (s.noticeChoices[0]?.delivery as NoticeDelivery | undefined) ?? NOTICE_DEFAULTS[notice.kind],
    handles: s.handledUniversities.length > 0,
    handlesAny: s._count.handledUniversities > 0,
  }));
  const told = recipientsOf(notice.kind, candidates, application.assigneeId);
  const later = told.filter((c) => c.delivery === "digest");
  if (later.length)
    await tx.staffDigestItem.createMany({
      data: later.map((c) => ({ userId: c.id, eventId: notice.eventId, kind: notice.kind })),
      skipDuplicates: true,
    });
  const now = told.filter((c) => c.delivery === "immediate");
  if (now.length === 0) return;
  const platformName = await platformNameIn(tx);
  for (const staffMember of now) {
    const mail = await teamApplicationMail(
      staffMember,
      application.program,
      notice.applicationId,
      platformName,
      notice.message,
    );
    await sendMail({ to: staffMember.email, ...mail }, { db: mailDb(tx) });
  }
}
