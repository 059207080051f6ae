import { STATUS_LABELS, type ApplicationStatus } from "./status";

/**
 * The review workflow: pending -> in-review; in-review -> rejected | sent-to-university;
 * sent-to-university -> approved | rejected. Rejected and approved are final.
 */
export const TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  pending: ["in-review"],
  "in-review": ["rejected", "sent-to-university"],
  "sent-to-university": ["approved", "rejected"],
  rejected: [],
  approved: [],
};

export function canTransition(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Why a change is refused, naming the statuses that are allowed from here. */
export function transitionRefusal(from: ApplicationStatus, to: ApplicationStatus): string {
  const allowed = TRANSITIONS[from];
  const next = allowed.length
    ? `From ${STATUS_LABELS[from]} it can move to: ${allowed.map((s) => STATUS_LABELS[s]).join(", ")}.`
    : `${STATUS_LABELS[from]} is a final status.`;
  return `An application cannot move from ${STATUS_LABELS[from]} to ${STATUS_LABELS[to]}. ${next}`;
}
