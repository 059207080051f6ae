import type { Permission } from "@/lib/auth/staff-permissions";
import type { ApplicationStatus } from "./status";
import { TRANSITIONS } from "./workflow";

// What the workspace's bulk actions may do, client-safe (lib/applications/bulk.server.ts does it).

/** At most this many applications in one bulk action: more is a sign the filters are too wide. */
export const BULK_MAX = 1000;

export const BULK_OPERATIONS = ["assign", "status", "note"] as const;
export type BulkOperation = (typeof BULK_OPERATIONS)[number];

export const BULK_OPERATION_LABELS: Record<BulkOperation, string> = {
  assign: "Assign to",
  status: "Move to",
  note: "Add a private note",
};

/**
 * The statuses a bulk action can move applications to: those staff reach by a transition that
 * needs no more than a note (an offer, a rejection or an interview needs its details, given on
 * each application's page). Each row is still checked against the workflow from its own status.
 */
const BULK_MOVES = TRANSITIONS.filter(
  (t) => t.by.includes("teamAdmin") && t.requires.every((r) => r === "note") && !t.from.includes(t.to),
);

export const BULK_STATUSES: readonly ApplicationStatus[] = [...new Set(BULK_MOVES.map((t) => t.to))];

/**
 * The bulk statuses offered to staff holding `permissions` (heldPermissions of lib/auth/policy.ts):
 * a decision (enrolling) only to those who may make it. The server refuses the rest row by row.
 */
export function bulkStatusesFor(permissions: readonly Permission[]): ApplicationStatus[] {
  return [
    ...new Set(
      BULK_MOVES.filter((t) => !t.permission || permissions.includes(t.permission)).map((t) => t.to),
    ),
  ];
}
