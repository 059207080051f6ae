import { formatDate } from "@/lib/format";

// The rules of references that the pages, the e-mails and the server share: how long a referee's
// link works, when the student may remind a referee, what a written reference must be, and what
// each state means to the student. Client-safe.

/** The states of a reference (ReferenceStatus in prisma/schema.prisma). */
export const REFERENCE_STATUSES = ["requested", "received", "declined", "bounced", "replaced"] as const;
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

export const REFERENCE_STATUS_LABELS: Record<ReferenceStatus, string> = {
  requested: "Requested",
  received: "Received",
  declined: "Declined",
  bounced: "E-mail bounced",
  replaced: "Replaced",
};

/** What each state means for the student, and what they can do about it. */
export const REFERENCE_STATUS_MEANINGS: Record<ReferenceStatus, string> = {
  requested: "We e-mailed the referee a link to send their reference.",
  received: "The referee sent their reference.",
  declined: "The referee declined to write a reference. Name another referee in their place.",
  bounced: "The e-mail to the referee could not be delivered. Check the address and name the referee again.",
  replaced: "You named another referee in their place.",
};

/** How long a referee's link works. */
export const REFERENCE_LINK_DAYS = 30;
/** How long after the request the student may send the one reminder. */
export const REMINDER_AFTER_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A written reference, counted as a person sees it (lib/validation/text.ts). */
export const REFERENCE_TEXT_MIN = 200;
export const REFERENCE_TEXT_MAX = 10_000;
export const DECLINE_REASON_MAX = 1_000;
export const RELATIONSHIP_MAX = 200;

/** The moment a link made at `now` stops working. */
export function linkExpiresAt(now: Date): Date {
  return new Date(now.getTime() + REFERENCE_LINK_DAYS * DAY_MS);
}

/** The first moment the student may remind the referee of a request made at `requestedAt`. */
export function reminderDueAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + REMINDER_AFTER_DAYS * DAY_MS);
}

interface ReferenceState {
  status: ReferenceStatus;
  requestedAt: Date;
  remindedAt: Date | null;
}

/**
 * Why the student may not remind the referee now, or null when they may: once, only while the
 * reference is still awaited, and not before REMINDER_AFTER_DAYS after the request (the referee
 * needs time, and more than one reminder would be pestering).
 */
export function reminderRefusal(reference: ReferenceState, now: Date): string | null {
  if (reference.status !== "requested") return "Only a reference that is still awaited can be reminded.";
  if (reference.remindedAt) return "You have already sent this referee their reminder.";
  const due = reminderDueAt(reference.requestedAt);
  if (now < due) return `You can remind this referee from ${formatDate(due)}.`;
  return null;
}

/** Why the student may not replace the referee, or null: a reference already received stays. */
export function replaceRefusal(reference: Pick<ReferenceState, "status">): string | null {
  if (reference.status === "received") return "This referee has already sent their reference.";
  if (reference.status === "replaced") return "This referee has already been replaced.";
  return null;
}

/** References that count towards the program's number: every one the student has not replaced. */
export function isActive(status: ReferenceStatus): boolean {
  return status !== "replaced";
}

/** Who reads the reference, as the referee is told (the e-mail and the link's page). */
export function readersOfReference(studentName: string, waived: boolean): string {
  return waived
    ? `${studentName} gave up the right to read your reference: only the admissions team reads it.`
    : `${studentName} may read your reference, as the admissions team does.`;
}
