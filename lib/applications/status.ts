import type { ApplicationStatus as DbStatus } from "@/lib/generated/prisma/enums";

// Application statuses as the REST contract names them ("in-review", "sent-to-university"), which is how
// pages and the API show them. Prisma's enum spells two of them with underscores (the database
// stores the hyphenated names); convert at the edge with toStatus / toDbStatus.

export const APPLICATION_STATUSES = [
  "pending",
  "in-review",
  "rejected",
  "sent-to-university",
  "approved",
] as const;

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const FROM_DB: Record<DbStatus, ApplicationStatus> = {
  pending: "pending",
  in_review: "in-review",
  rejected: "rejected",
  sent_to_university: "sent-to-university",
  approved: "approved",
};

const TO_DB: Record<ApplicationStatus, DbStatus> = {
  pending: "pending",
  "in-review": "in_review",
  rejected: "rejected",
  "sent-to-university": "sent_to_university",
  approved: "approved",
};

/** Prisma's value ("in_review") to the SPEC's ("in-review"). */
export function toStatus(value: DbStatus): ApplicationStatus {
  return FROM_DB[value];
}

/** The SPEC's value ("in-review") to Prisma's ("in_review"), for queries and writes. */
export function toDbStatus(value: ApplicationStatus): DbStatus {
  return TO_DB[value];
}

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === "string" && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: "Pending",
  "in-review": "In Review",
  rejected: "Rejected",
  "sent-to-university": "Sent to University",
  approved: "Approved",
};

/**
 * Badge colours: pending yellow, in-review blue, rejected red, sent-to-university
 * purple, approved green. Light backgrounds with dark text keep the contrast above 4.5:1.
 */
export const STATUS_BADGE_CLASSES: Record<ApplicationStatus, string> = {
  pending: "border-yellow-300 bg-yellow-100 text-yellow-900",
  "in-review": "border-blue-300 bg-blue-100 text-blue-900",
  rejected: "border-red-300 bg-red-100 text-red-900",
  "sent-to-university": "border-purple-300 bg-purple-100 text-purple-900",
  approved: "border-green-300 bg-green-100 text-green-900",
};
