import { REJECTION_REASONS } from "@/lib/validation/application";
import { CONDITION_STATUS_LABELS, CONDITION_STATUSES, type ConditionStatus } from "./conditions";
import { interviewOf, type Interview } from "./interview";
import { offerOf, type Offer } from "./offer";
import {
  closedRequestsOf,
  requestEventOf,
  requestMeaning,
  requestStepByStudent,
  type ClosedRequest,
  type RequestEvent,
} from "./requests";
import { STATUS_LABELS, STATUS_MEANINGS, type ApplicationStatus } from "./status";
import { isTransitionName, transitionNamed, type Transition } from "./workflow";
import { referenceEventOf, referenceMadeBy, referenceMeaning } from "@/lib/references/events";

// An application's history as both sides read it: the same events, each with what it means in
// plain words, who made it, and what was recorded with it (the reason, the offer, the rejection
// reasons, the interview, the new start). The admissions team reads the table's meaning and the
// staff member's name; the student reads words addressed to them and "the admissions team".
// Events written before the transition table existed name no transition: they are read from
// their statuses. Client-safe.

/** One event of an application's history (GET /api/applications/{id}'s `history`). */
export interface HistoryEntry {
  at: string;
  from: ApplicationStatus | null;
  to: ApplicationStatus;
  /**
   * The transition's name in the table (lib/applications/workflow.ts); null for a submission and
   * for the events written before the table existed.
   */
  transition: string | null;
  note: string | null;
  /** Why, for a transition that asks for a reason. */
  reason: string | null;
  /** What the transition recorded: the offer, the rejection reasons, the interview, the start term. */
  data: unknown;
  /** The name of the person who made it, as it was then; null for the scheduled jobs. */
  by: string | null;
}

/** Who reads the history: the admissions team or the student who applied. */
export type HistoryReader = "staff" | "student";

/** Who made the event: the student, a member of staff, or the scheduled jobs. */
export type HistoryActor = "student" | "staff" | "system";

/**
 * The name an event that changes no status carries in place of a transition's: the team marked one
 * of the offer's conditions (its text and new status in the event's data).
 */
export const CONDITION_EVENT = "update-condition";

/**
 * The name of an event that changes who handles the application in the team's workspace (its
 * data: the new assignee and the previous one, each { id, fullName } or null). Staff only.
 */
export const ASSIGN_EVENT = "assign";

/** Events only the team reads: the student's history, API answers and data export leave them out. */
const STAFF_ONLY_EVENTS: readonly string[] = [ASSIGN_EVENT];

/** The history as `reader` may read it: the student's without the team's own events. */
export function historyFor<E extends Pick<HistoryEntry, "transition">>(
  history: readonly E[],
  reader: HistoryReader,
): E[] {
  return reader === "staff"
    ? [...history]
    : history.filter((entry) => entry.transition === null || !STAFF_ONLY_EVENTS.includes(entry.transition));
}

/** Who an assign event gave the application to, and who had it. */
export function assignmentOf(
  entry: Pick<HistoryEntry, "transition" | "data">,
): { assignee: string | null; previous: string | null } | null {
  if (entry.transition !== ASSIGN_EVENT) return null;
  const data = (entry.data ?? {}) as {
    assignee?: { fullName?: unknown } | null;
    previous?: { fullName?: unknown } | null;
  };
  const name = (person: { fullName?: unknown } | null | undefined) =>
    typeof person?.fullName === "string" ? person.fullName : null;
  return { assignee: name(data.assignee), previous: name(data.previous) };
}

/** The condition an update-condition event marked, and how. */
export interface MarkedCondition {
  text: string;
  status: ConditionStatus;
}

export function markedConditionOf(entry: Pick<HistoryEntry, "transition" | "data">): MarkedCondition | null {
  if (entry.transition !== CONDITION_EVENT) return null;
  const condition = (entry.data as { condition?: { text?: unknown; status?: unknown } } | null)?.condition;
  if (typeof condition?.text !== "string") return null;
  const status = CONDITION_STATUSES.find((known) => known === condition.status);
  return status ? { text: condition.text, status } : null;
}

export function transitionOf(entry: Pick<HistoryEntry, "transition">): Transition | null {
  return isTransitionName(entry.transition) ? transitionNamed(entry.transition) : null;
}

export function actorOf(entry: Pick<HistoryEntry, "transition" | "from" | "data">): HistoryActor {
  if (entry.transition === ASSIGN_EVENT) return "staff";
  const request = requestEventOf(entry);
  if (request) return requestStepByStudent(request.step) ? "student" : "staff";
  const transition = transitionOf(entry);
  // A submission is the student's; before the table, only staff changed a status, and only staff
  // mark an offer's conditions.
  if (!transition) return entry.from === null ? "student" : "staff";
  if (transition.by.includes("system")) return "system";
  return transition.by.includes("student") ? "student" : "staff";
}

/** What the event means, for the staff or in words addressed to the student. */
export function meaningOf(entry: HistoryEntry, reader: HistoryReader): string {
  const assignment = assignmentOf(entry);
  if (assignment)
    return assignment.assignee
      ? `Assigned to ${assignment.assignee}${assignment.previous ? ` (was ${assignment.previous})` : ""}.`
      : `Unassigned${assignment.previous ? ` (was ${assignment.previous})` : ""}.`;
  const reference = referenceEventOf(entry);
  if (reference) return referenceMeaning(reference, reader);
  const marked = markedConditionOf(entry);
  if (marked) {
    const how = CONDITION_STATUS_LABELS[marked.status].toLowerCase();
    return marked.status === "pending"
      ? `A condition of ${reader === "staff" ? "the" : "your"} offer is pending again.`
      : `A condition of ${reader === "staff" ? "the" : "your"} offer was marked ${how}.`;
  }
  const request = requestEventOf(entry);
  if (request) return requestMeaning(request, reader);
  const transition = transitionOf(entry);
  if (transition)
    return reader === "staff"
      ? transition.meaning
      : (transition.forStudent ?? STATUS_MEANINGS[transition.to]);
  if (entry.from === null)
    return reader === "staff" ? "The student submitted the application." : STATUS_MEANINGS[entry.to];
  return reader === "staff"
    ? `The status changed from ${STATUS_LABELS[entry.from]} to ${STATUS_LABELS[entry.to]}.`
    : STATUS_MEANINGS[entry.to];
}

/** Who made it: the staff member's name for the team; "the admissions team" for the student. */
export function madeBy(entry: HistoryEntry, reader: HistoryReader): string {
  const reference = referenceEventOf(entry);
  if (reference) return referenceMadeBy(reference, entry.by, reader);
  const actor = actorOf(entry);
  if (actor === "system") return "automatically";
  if (reader === "student") return actor === "student" ? "by you" : "by the admissions team";
  return `by ${entry.by ?? "a removed account"}`;
}

/** The status change in words: "Submitted (Pending)", "Interviewing → Approved", "Still Approved". */
export function statusChange(entry: Pick<HistoryEntry, "from" | "to">): string {
  if (entry.from === null) return `Submitted (${STATUS_LABELS[entry.to]})`;
  if (entry.from === entry.to) return `Still ${STATUS_LABELS[entry.to]}`;
  return `${STATUS_LABELS[entry.from]} → ${STATUS_LABELS[entry.to]}`;
}

export interface RejectionReason {
  code: keyof typeof REJECTION_REASONS;
  label: string;
  detail: string;
}

/** What an event recorded besides its reason and note. */
export interface EventDetails {
  offer: Offer | null;
  interview: Interview | null;
  reasons: RejectionReason[];
  /** The later start a deferral moved the place to. */
  startTerm: string | null;
  /**
   * The offer's conditions the transition read: still to meet (accepting), all met (confirming the
   * place), or those not met (recording the conditions not met).
   */
  conditions: string[];
  /** The condition an update-condition event marked. */
  marked: MarkedCondition | null;
  /** A step of a request for a document or a correction: the message, the file, the answer. */
  request: RequestEvent | null;
  /** The requests still open or answered that a move closing the application closed with it. */
  closedRequests: ClosedRequest[];
}

function reasonsOf(data: unknown): RejectionReason[] {
  const reasons = (data as { reasons?: unknown } | null)?.reasons;
  if (!Array.isArray(reasons)) return [];
  return reasons.flatMap((reason: { code?: unknown; detail?: unknown }) => {
    const code = reason?.code;
    if (typeof code !== "string" || !Object.hasOwn(REJECTION_REASONS, code)) return [];
    const known = code as keyof typeof REJECTION_REASONS;
    return [{ code: known, label: REJECTION_REASONS[known], detail: String(reason.detail ?? "") }];
  });
}

export function detailsOf(entry: Pick<HistoryEntry, "data" | "transition">): EventDetails {
  const data = (entry.data && typeof entry.data === "object" ? entry.data : {}) as Record<string, unknown>;
  return {
    offer: offerOf(data),
    interview: interviewOf(data),
    reasons: reasonsOf(data),
    startTerm: typeof data.startTerm === "string" ? data.startTerm : null,
    conditions: Array.isArray(data.conditions)
      ? data.conditions.filter((c): c is string => typeof c === "string")
      : [],
    marked: markedConditionOf(entry),
    request: requestEventOf(entry),
    closedRequests: closedRequestsOf(data),
  };
}

/** The interview the history last scheduled (invited or rescheduled), if any. */
export function latestInterview(history: readonly HistoryEntry[]): Interview | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const interview = interviewOf(history[i].data);
    if (interview) return interview;
  }
  return null;
}
