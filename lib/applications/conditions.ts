import type { OfferConditionStatus as DbConditionStatus } from "@/lib/generated/prisma/enums";
import type { ApplicationStatus } from "./status";

// An offer's conditions, each tracked on its own: pending until the team marks it met or not met as
// the evidence arrives (a test result, a final transcript). The place is confirmed once every
// condition is met; the team may record the conditions not met once one of them is. Client-safe:
// both sides' pages show them.

export const CONDITION_STATUSES = ["pending", "met", "not-met"] as const;
export type ConditionStatus = (typeof CONDITION_STATUSES)[number];

export const CONDITION_STATUS_LABELS: Record<ConditionStatus, string> = {
  pending: "Pending",
  met: "Met",
  "not-met": "Not met",
};

/** One condition of an application's offer (GET /api/applications/{id}'s `conditions`). */
export interface OfferCondition {
  id: number;
  text: string;
  status: ConditionStatus;
  /** Who last changed its status, and when (ISO); null while nobody has. */
  changedBy: string | null;
  changedAt: string | null;
}

/** The statuses during which the team tracks the conditions: the offer stands. */
export const CONDITION_TRACKING_STATUSES = [
  "approved",
  "conditions-pending",
  "deferred",
] as const satisfies readonly ApplicationStatus[];

export function tracksConditions(status: ApplicationStatus): boolean {
  return (CONDITION_TRACKING_STATUSES as readonly ApplicationStatus[]).includes(status);
}

/** Every condition is met (an offer without any has nothing left to meet). */
export function allMet(conditions: readonly Pick<OfferCondition, "status">[]): boolean {
  return conditions.every((condition) => condition.status === "met");
}

/** At least one condition was marked not met. */
export function someNotMet(conditions: readonly Pick<OfferCondition, "status">[]): boolean {
  return conditions.some((condition) => condition.status === "not-met");
}

/** "2 of 3 conditions met". */
export function conditionsProgress(conditions: readonly Pick<OfferCondition, "status">[]): string {
  const met = conditions.filter((condition) => condition.status === "met").length;
  return `${met} of ${conditions.length} ${conditions.length === 1 ? "condition" : "conditions"} met`;
}

const FROM_DB: Record<DbConditionStatus, ConditionStatus> = {
  pending: "pending",
  met: "met",
  not_met: "not-met",
};

const TO_DB: Record<ConditionStatus, DbConditionStatus> = {
  pending: "pending",
  met: "met",
  "not-met": "not_met",
};

export function toConditionStatus(value: DbConditionStatus): ConditionStatus {
  return FROM_DB[value];
}

export function toDbConditionStatus(value: ConditionStatus): DbConditionStatus {
  return TO_DB[value];
}
