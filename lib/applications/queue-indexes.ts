import type { PartialIndex } from "@/lib/universities/field-match";
import { APPLICATION_STATUSES, type ApplicationStatus } from "./status";
import { OPEN_STATUSES, UNDECIDED_STATUSES } from "./workflow";

// The partial indexes the team's queue reads its first pages through (pageOf in
// lib/applications/queue.server.ts): each gives one of the queue's buckets in its order, holding
// that bucket's applications and few others, so that a page's read of a bucket stops after the rows
// it needs. As the migration builds them and the drift test checks them.

/** Open statuses whose urgency their status alone does not give (not new, conditions or inactive). */
export const IN_PROGRESS_STATUSES = OPEN_STATUSES.filter(
  (status) => !["pending", "conditions-pending", "inactive"].includes(status),
);

/** The statuses an application's life ends in. */
export const CLOSED_STATUSES = APPLICATION_STATUSES.filter(
  (status) => !(OPEN_STATUSES as readonly ApplicationStatus[]).includes(status),
);

/** `"status" IN (...)` as PostgreSQL prints it. */
const statusIn = (list: readonly ApplicationStatus[]) =>
  `"status" = ANY (ARRAY[${list.map((status) => `'${status}'::"ApplicationStatus"`).join(", ")}])`;

export const QUEUE_INDEXES: readonly PartialIndex[] = [
  // Undecided, by decide-by date: the overdue ones first.
  {
    name: "applications_undecided_decideBy_idx",
    table: "applications",
    columns: ["decideBy", "submittedAt", "id"],
    predicate: statusIn(UNDECIDED_STATUSES),
  },
  // With an answered request, by submission.
  {
    name: "applications_answered_submittedAt_idx",
    table: "applications",
    columns: ["submittedAt", "id"],
    predicate: `"answeredRequests" > 0`,
  },
  // In progress, by submission.
  {
    name: "applications_in_progress_submittedAt_idx",
    table: "applications",
    columns: ["submittedAt", "id"],
    predicate: statusIn(IN_PROGRESS_STATUSES),
  },
  // Closed, by submission.
  {
    name: "applications_closed_submittedAt_idx",
    table: "applications",
    columns: ["submittedAt", "id"],
    predicate: statusIn(CLOSED_STATUSES),
  },
];
