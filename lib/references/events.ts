// The steps of a reference in the application's history. They change no status (the event's
// from and to are the status it had), like the marks of an offer's conditions: the event names
// REFERENCE_EVENT in place of a transition, and its data says which step and which referee.
// Client-safe.

/** The name a reference's event carries in place of a transition's. */
export const REFERENCE_EVENT = "reference";

export const REFERENCE_STEPS = ["named", "reminded", "replaced", "received", "declined", "bounced"] as const;
export type ReferenceStep = (typeof REFERENCE_STEPS)[number];

/** One step of a reference, as its event records it. */
export interface ReferenceEvent {
  step: ReferenceStep;
  /** The referee's name then. */
  referee: string;
}

/** Who took the step: the student names, reminds and replaces; the referee answers; the mail queue bounces. */
export type ReferenceActor = "student" | "referee" | "system";

export function referenceActor(step: ReferenceStep): ReferenceActor {
  if (step === "received" || step === "declined") return "referee";
  return step === "bounced" ? "system" : "student";
}

/** The event's data for a step. */
export function referenceEventData(step: ReferenceStep, referenceId: number, referee: string) {
  return { reference: { id: referenceId, step, referee } };
}

export function referenceEventOf(entry: { transition: string | null; data: unknown }): ReferenceEvent | null {
  if (entry.transition !== REFERENCE_EVENT) return null;
  const reference = (entry.data as { reference?: { step?: unknown; referee?: unknown } } | null)?.reference;
  const step = REFERENCE_STEPS.find((known) => known === reference?.step);
  if (!step || typeof reference?.referee !== "string") return null;
  return { step, referee: reference.referee };
}

/** What the step means, for the staff or in words addressed to the student. */
export function referenceMeaning(event: ReferenceEvent, reader: "staff" | "student"): string {
  const { referee } = event;
  const student = reader === "staff" ? "The student" : "You";
  switch (event.step) {
    case "named":
      return `${student} asked ${referee} for a reference.`;
    case "reminded":
      return `${student} reminded ${referee} of the reference.`;
    case "replaced":
      return `${student} named another referee in place of ${referee}.`;
    case "received":
      return `${referee} sent a reference.`;
    case "declined":
      return `${referee} declined to write a reference.`;
    case "bounced":
      return `The e-mail asking ${referee} for a reference could not be delivered.`;
  }
}

/** Who took the step, as the history says it: the student's name for the team, "you" for the student. */
export function referenceMadeBy(
  event: ReferenceEvent,
  by: string | null,
  reader: "staff" | "student",
): string {
  const actor = referenceActor(event.step);
  if (actor === "system") return "automatically";
  if (actor === "referee") return "by the referee";
  return reader === "student" ? "by you" : `by ${by ?? "a removed account"}`;
}
