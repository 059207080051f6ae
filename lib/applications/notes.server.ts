import "server-only";
import { canReviewApplication, OWN_APPLICATION_REVIEW } from "@/lib/auth/policy";
import type { Viewer } from "@/lib/auth/viewer";
import { recordAudit } from "@/lib/audit/record.server";
import { prisma } from "@/lib/db/client.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { forbidden, notFound } from "@/lib/http/errors";
import type { PrivateNoteInput } from "@/lib/validation/application";

// The team's private notes on an application: written and read by the staff who may review it
// (not by whoever submitted it, staff included), each with its author and time, and an audit entry.
// Nothing that reaches the student (their pages, the application's API answers, e-mails, their
// data export) reads this table.

export interface PrivateNote {
  id: number;
  text: string;
  /** The author's name as it was; the account may be gone. */
  by: string;
  /** ISO date-time. */
  at: string;
}

export const APPLICATION_NOT_FOUND = "Application not found";

type Staff = Pick<Viewer, "id" | "role" | "fullName">;

/** The application's student, after the viewer's right to its notes is checked (404, 403). */
async function reviewable(viewer: Staff, applicationId: number, db: Prisma.TransactionClient = prisma) {
  const application = await db.application.findUnique({
    where: { id: applicationId },
    select: {
      user: { select: { id: true, fullName: true } },
      program: { select: { name: true, university: { select: { name: true } } } },
    },
  });
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  if (!canReviewApplication(viewer, { student: application.user })) throw forbidden(OWN_APPLICATION_REVIEW);
  return application;
}

/** The notes of an application, oldest first, for staff who may review it. */
export async function listPrivateNotes(viewer: Staff, applicationId: number): Promise<PrivateNote[]> {
  await reviewable(viewer, applicationId);
  const rows = await prisma.applicationNote.findMany({
    where: { applicationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    by: row.authorName,
    at: row.createdAt.toISOString(),
  }));
}

/** Adds a note, with its audit entry, in `tx` (the bulk actions add one per row this way). */
export async function addPrivateNoteIn(
  tx: Prisma.TransactionClient,
  viewer: Staff,
  applicationId: number,
  input: PrivateNoteInput,
): Promise<PrivateNote> {
  const application = await reviewable(viewer, applicationId, tx);
  const row = await tx.applicationNote.create({
    data: { applicationId, authorId: viewer.id, authorName: viewer.fullName, text: input.text },
  });
  await recordAudit(tx, viewer, {
    action: "application.note",
    entityType: "application",
    entityId: applicationId,
    summary: `${application.user.fullName}: ${application.program.name} at ${application.program.university.name}`,
    after: { note: input.text },
  });
  return { id: row.id, text: row.text, by: row.authorName, at: row.createdAt.toISOString() };
}

/** Adds a note, with its audit entry in the same transaction. */
export function addPrivateNote(
  viewer: Staff,
  applicationId: number,
  input: PrivateNoteInput,
): Promise<PrivateNote> {
  return prisma.$transaction((tx) => addPrivateNoteIn(tx, viewer, applicationId, input));
}
