import "server-only";
import { recordAudit } from "@/lib/audit/record.server";
import { canReviewApplication, hasPermission, OWN_APPLICATION_REVIEW } from "@/lib/auth/policy";
import { permissionRefusal } from "@/lib/auth/staff-permissions";
import type { Viewer } from "@/lib/auth/viewer";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { conflict, forbidden, notFound, staleWrite } from "@/lib/http/errors";
import type { ConditionMarkInput } from "@/lib/validation/application";
import { changedSinceOpened } from "@/lib/validation/common";
import {
  CONDITION_STATUS_LABELS,
  CONDITION_TRACKING_STATUSES,
  toConditionStatus,
  toDbConditionStatus,
  tracksConditions,
  type OfferCondition,
} from "./conditions";
import { CONDITION_EVENT } from "./history";
import { STATUS_LABELS, toStatus } from "./status";
import { lockApplication } from "./transition.server";
import { CONDITION_MARKING_PERMISSION } from "./workflow";

// The offer's conditions, tracked one by one: the team marks each met, not met or pending again as
// the evidence arrives. Each mark writes the condition (who and when), an event of the
// application's history and an audit entry in one transaction, holding the application's row as a
// move does, so a place is never confirmed on a condition marked not met at the same moment.

export const CONDITION_CHANGED = changedSinceOpened("condition");
export const CONDITION_NOT_FOUND = "Condition not found";

export const conditionSelect = {
  id: true,
  text: true,
  status: true,
  changedByName: true,
  changedAt: true,
} satisfies Prisma.OfferConditionSelect;

export function toCondition(
  row: Prisma.OfferConditionGetPayload<{ select: typeof conditionSelect }>,
): OfferCondition {
  return {
    id: row.id,
    text: row.text,
    status: toConditionStatus(row.status),
    changedBy: row.changedByName,
    changedAt: row.changedAt?.toISOString() ?? null,
  };
}

/** The offer's conditions of each of these applications, in the offer's order (none: no entry). */
export async function listConditions(applicationIds: number[]): Promise<Map<number, OfferCondition[]>> {
  const conditions = new Map<number, OfferCondition[]>();
  if (applicationIds.length === 0) return conditions;
  const rows = await prisma.offerCondition.findMany({
    where: { applicationId: { in: applicationIds } },
    orderBy: [{ applicationId: "asc" }, { position: "asc" }],
    select: { applicationId: true, ...conditionSelect },
  });
  for (const row of rows) {
    const list = conditions.get(row.applicationId) ?? [];
    list.push(toCondition(row));
    conditions.set(row.applicationId, list);
  }
  return conditions;
}

/** Why the conditions cannot be marked in this status: the offer no longer stands (or never did). */
function notTracked(status: Parameters<typeof tracksConditions>[0]): string {
  const while_ = CONDITION_TRACKING_STATUSES.map((s) => STATUS_LABELS[s]).join(", ");
  return `The offer's conditions are marked while it stands (${while_}); this application is ${STATUS_LABELS[status]}.`;
}

/**
 * Staff who make decisions mark one condition of an application's offer (whether it is met decides
 * the place): 403 for a team admin without the permission to make decisions, checked before
 * anything is read. 404 for an unknown application or a condition of another; 403 on the admin's
 * own application; 409 when the offer no longer stands or
 * the condition was marked by someone else since the page showed it (`from`). Marking it as it
 * already is changes nothing.
 */
export async function markCondition(
  viewer: Pick<Viewer, "id" | "role" | "adminType" | "permissions" | "fullName">,
  applicationId: number,
  conditionId: number,
  input: ConditionMarkInput,
  now = new Date(),
): Promise<OfferCondition> {
  if (!hasPermission(viewer, CONDITION_MARKING_PERMISSION))
    throw forbidden(permissionRefusal(CONDITION_MARKING_PERMISSION));
  return prisma.$transaction(async (tx) => {
    await lockApplication(tx, applicationId);
    const application = await tx.application.findUnique({
      where: { id: applicationId },
      select: {
        status: true,
        user: { select: { id: true, fullName: true } },
        program: { select: { name: true, university: { select: { name: true } } } },
      },
    });
    if (!application) throw notFound("Application not found");
    const condition = await tx.offerCondition.findFirst({
      where: { id: conditionId, applicationId },
      select: conditionSelect,
    });
    if (!condition) throw notFound(CONDITION_NOT_FOUND);
    if (!canReviewApplication(viewer, { student: application.user })) throw forbidden(OWN_APPLICATION_REVIEW);
    const status = toStatus(application.status);
    if (!tracksConditions(status)) throw conflict(notTracked(status));
    const previous = toConditionStatus(condition.status);
    if (input.from !== undefined && input.from !== previous) throw staleWrite(CONDITION_CHANGED);
    if (input.status === previous) return toCondition(condition);

    const updated = await tx.offerCondition.update({
      where: { id: conditionId },
      data: {
        status: toDbConditionStatus(input.status),
        changedById: viewer.id,
        changedByName: viewer.fullName,
        changedAt: now,
      },
      select: conditionSelect,
    });
    await tx.applicationEvent.create({
      data: {
        applicationId,
        actorId: viewer.id,
        actorName: viewer.fullName,
        fromStatus: application.status,
        toStatus: application.status,
        transition: CONDITION_EVENT,
        note: input.note,
        data: { condition: { id: conditionId, text: condition.text, status: input.status, previous } },
        createdAt: now,
      },
    });
    await recordAudit(tx, viewer, {
      action: "application.condition",
      entityType: "application",
      entityId: applicationId,
      summary: `${application.user.fullName}: ${application.program.name} at ${application.program.university.name}`,
      before: { condition: condition.text, status: CONDITION_STATUS_LABELS[previous] },
      after: { condition: condition.text, status: CONDITION_STATUS_LABELS[input.status], note: input.note },
    });
    return toCondition(updated);
  });
}
