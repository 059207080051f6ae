import "server-only";
import { canReviewApplication, OWN_APPLICATION_REVIEW } from "@/lib/auth/policy";
import type { Viewer } from "@/lib/auth/viewer";
import { recordAudit } from "@/lib/audit/record.server";
import { prisma } from "@/lib/db/client.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { forbidden, notFound, unprocessable } from "@/lib/http/errors";
import { ASSIGN_EVENT } from "./history";
import { lockApplication } from "./transition.server";

// Who handles an application in the team's workspace. Staff who may review an application claim
// it, assign it to another member of staff, or unassign it. The assignee is an active admin other
// than the student who applied (staff may apply too, and nobody handles their own application).
// Each change is an event of the history that only staff read (the student never sees who handles
// their application) and an audit entry, written with the change in one transaction on the locked
// application, so two people assigning at once leave one assignee and two truthful events.

export const ASSIGNEE_NOT_STAFF = "Choose an active member of staff to assign the application to.";
export const ASSIGNEE_IS_STUDENT = "This person submitted the application, so they cannot handle it.";

type Staff = Pick<Viewer, "id" | "role" | "fullName">;
type Tx = Prisma.TransactionClient;

export interface AssignmentResult {
  id: number;
  assignee: { id: number; fullName: string } | null;
  /** False when the application already had this assignee: nothing was written. */
  changed: boolean;
}

/**
 * The active admin with this id, or the 422 saying to choose one. Read FOR SHARE: a deactivation
 * or demotion of that account (which updates its row, then gives its applications back) either
 * waits until this assignment has committed, and then gives this application back too, or has
 * committed first, and then this read sees an inactive account. Without the lock an assignment made
 * while the account was being deactivated would leave work with someone who can no longer do it.
 */
async function staffMember(tx: Tx, id: number) {
  const rows = await tx.$queryRaw<{ id: number; fullName: string; role: string; isActive: boolean }[]>`
    SELECT "id", "fullName", "role"::text AS "role", "isActive" FROM "users" WHERE "id" = ${id} FOR SHARE`;
  const user = rows[0];
  if (!user || user.role !== "admin" || !user.isActive) throw unprocessable(ASSIGNEE_NOT_STAFF);
  return { id: user.id, fullName: user.fullName };
}

/**
 * Sets the application's assignee (null: nobody) in `tx`, which must be a transaction: 404 for an
 * unknown application, 403 on the viewer's own, 422 for an assignee who is not active staff or is
 * the student who applied. The bulk actions call it once per row.
 */
export async function assignIn(
  tx: Tx,
  viewer: Staff,
  applicationId: number,
  assigneeId: number | null,
  now = new Date(),
): Promise<AssignmentResult> {
  await lockApplication(tx, applicationId);
  const application = await tx.application.findUnique({
    where: { id: applicationId },
    select: {
      id: true,
      status: true,
      userId: true,
      assignee: { select: { id: true, fullName: true } },
      user: { select: { fullName: true } },
      program: { select: { name: true, university: { select: { name: true } } } },
    },
  });
  if (!application) throw notFound("Application not found");
  if (!canReviewApplication(viewer, { student: { id: application.userId } }))
    throw forbidden(OWN_APPLICATION_REVIEW);
  const assignee = assigneeId === null ? null : await staffMember(tx, assigneeId);
  if (assignee && assignee.id === application.userId) throw unprocessable(ASSIGNEE_IS_STUDENT);
  const before = application.assignee;
  if ((before?.id ?? null) === (assignee?.id ?? null))
    return { id: applicationId, assignee: before, changed: false };

  await tx.application.update({ where: { id: applicationId }, data: { assigneeId: assignee?.id ?? null } });
  await tx.applicationEvent.create({
    data: {
      applicationId,
      actorId: viewer.id,
      actorName: viewer.fullName,
      fromStatus: application.status,
      toStatus: application.status,
      transition: ASSIGN_EVENT,
      data: { assignee, previous: before },
      createdAt: now,
    },
  });
  await recordAudit(tx, viewer, {
    action: "application.assign",
    entityType: "application",
    entityId: applicationId,
    summary: `${application.user.fullName}: ${application.program.name} at ${application.program.university.name}`,
    before: { assignee: before?.fullName ?? null },
    after: { assignee: assignee?.fullName ?? null },
  });
  return { id: applicationId, assignee, changed: true };
}

/** assignIn in a transaction of its own (PUT /api/applications/{id}/assignee, the list's buttons). */
export function assignApplication(
  viewer: Staff,
  applicationId: number,
  assigneeId: number | null,
): Promise<AssignmentResult> {
  return prisma.$transaction((tx) => assignIn(tx, viewer, applicationId, assigneeId));
}

/** The staff an application can be assigned to (active admins), by name, for the pickers. */
export async function listAssignableStaff(): Promise<{ id: number; fullName: string }[]> {
  return prisma.user.findMany({
    where: { role: "admin", isActive: true },
    orderBy: [{ fullName: "asc" }, { id: "asc" }],
    select: { id: true, fullName: true },
  });
}

/**
 * Unassigns every application of a staff member who stops being an active admin (deactivated,
 * made a student, deleted), in the transaction that changes the account: nobody's queue keeps
 * work for someone who can no longer do it. One history event per application, by `viewer`.
 */
export async function releaseAssignments(
  tx: Tx,
  viewer: Staff,
  userId: number,
  now = new Date(),
): Promise<number> {
  const rows = await tx.application.findMany({
    where: { assigneeId: userId },
    select: { id: true, status: true, assignee: { select: { id: true, fullName: true } } },
  });
  if (rows.length === 0) return 0;
  await tx.application.updateMany({ where: { assigneeId: userId }, data: { assigneeId: null } });
  await tx.applicationEvent.createMany({
    data: rows.map((row) => ({
      applicationId: row.id,
      actorId: viewer.id,
      actorName: viewer.fullName,
      fromStatus: row.status,
      toStatus: row.status,
      transition: ASSIGN_EVENT,
      data: { assignee: null, previous: row.assignee },
      createdAt: now,
    })),
  });
  return rows.length;
}
