import type { ApplicationStatus as DbStatus } from "@/lib/generated/prisma/enums";

// Application statuses as the REST contract names them ("in-review", "sent-to-university"), which
// is how pages and the API show them. Prisma's enum spells the hyphenated ones with underscores
// (the database stores the hyphenated names); convert at the edge with toStatus / toDbStatus.
//
// The first five are the contract's and keep their meaning, names and colours: "approved" is the
// university's offer of a place. The others follow an application after the university decides
// (docs/application-states.md, generated from lib/applications/workflow.ts).

export const APPLICATION_STATUSES = [
  "pending",
  "in-review",
  "rejected",
  "sent-to-university",
  "approved",
  "interviewing",
  "conditions-pending",
  "place-confirmed",
  "conditions-not-met",
  "offer-declined",
  "offer-withdrawn",
  "deferred",
  "enrolled",
  "withdrawn",
  "inactive",
] as const;

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const TO_DB = {
  pending: "pending",
  "in-review": "in_review",
  rejected: "rejected",
  "sent-to-university": "sent_to_university",
  approved: "approved",
  interviewing: "interviewing",
  "conditions-pending": "conditions_pending",
  "place-confirmed": "place_confirmed",
  "conditions-not-met": "conditions_not_met",
  "offer-declined": "offer_declined",
  "offer-withdrawn": "offer_withdrawn",
  deferred: "deferred",
  enrolled: "enrolled",
  withdrawn: "withdrawn",
  inactive: "inactive",
} as const satisfies Record<ApplicationStatus, DbStatus>;

const FROM_DB = Object.fromEntries(Object.entries(TO_DB).map(([status, db]) => [db, status])) as Record<
  DbStatus,
  ApplicationStatus
>;

/** Prisma's value ("in_review") to the contract's ("in-review"). */
export function toStatus(value: DbStatus): ApplicationStatus {
  return FROM_DB[value];
}

/** The contract's value ("in-review") to Prisma's ("in_review"), for queries and writes. */
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
  interviewing: "Interview",
  "conditions-pending": "Conditions Pending",
  "place-confirmed": "Place Confirmed",
  "conditions-not-met": "Conditions Not Met",
  "offer-declined": "Offer Declined",
  "offer-withdrawn": "Offer Withdrawn",
  deferred: "Deferred",
  enrolled: "Enrolled",
  withdrawn: "Withdrawn",
  inactive: "Inactive",
};

/** What each status means for the student, in plain words (the timeline, the e-mails). */
export const STATUS_MEANINGS: Record<ApplicationStatus, string> = {
  pending: "Your application was received and waits for the admissions team.",
  "in-review": "The admissions team is reviewing your application.",
  rejected: "The application was not successful.",
  "sent-to-university": "The admissions team sent your application to the university, which decides.",
  approved: "The university offered you a place. Reply to the offer by its reply-by date.",
  interviewing: "The university invited you to an interview.",
  "conditions-pending": "You accepted the offer. The place is confirmed once its conditions are met.",
  "place-confirmed": "Your place is confirmed.",
  "conditions-not-met": "The offer's conditions were not met, so the place is not confirmed.",
  "offer-declined": "The offer was declined.",
  "offer-withdrawn": "The university withdrew its offer.",
  deferred: "Your place is deferred to a later start.",
  enrolled: "You are enrolled.",
  withdrawn: "The application was withdrawn.",
  inactive:
    "No decision was made by the date the team aimed for. Nothing was rejected: the team can still decide, and you are free to apply elsewhere.",
};

/**
 * Badge colours: pending yellow, in-review blue, rejected red, sent-to-university purple, approved
 * green, as the contract has them; the later states follow the same families (offers and places
 * green or teal, ends that are not a success slate or red). Light backgrounds with dark text keep
 * the contrast above 4.5:1.
 */
export const STATUS_BADGE_CLASSES: Record<ApplicationStatus, string> = {
  pending: "border-yellow-300 bg-yellow-100 text-yellow-900",
  "in-review": "border-blue-300 bg-blue-100 text-blue-900",
  rejected: "border-red-300 bg-red-100 text-red-900",
  "sent-to-university": "border-purple-300 bg-purple-100 text-purple-900",
  approved: "border-green-300 bg-green-100 text-green-900",
  interviewing: "border-indigo-300 bg-indigo-100 text-indigo-900",
  "conditions-pending": "border-teal-300 bg-teal-100 text-teal-900",
  "place-confirmed": "border-emerald-300 bg-emerald-100 text-emerald-900",
  "conditions-not-met": "border-red-300 bg-red-100 text-red-900",
  "offer-declined": "border-slate-300 bg-slate-100 text-slate-900",
  "offer-withdrawn": "border-red-300 bg-red-100 text-red-900",
  deferred: "border-sky-300 bg-sky-100 text-sky-900",
  enrolled: "border-emerald-400 bg-emerald-200 text-emerald-950",
  withdrawn: "border-slate-300 bg-slate-100 text-slate-900",
  inactive: "border-amber-300 bg-amber-100 text-amber-950",
};
