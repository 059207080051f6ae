import { hasPermission } from "@/lib/auth/policy";
import type { Permission } from "@/lib/auth/staff-permissions";
import type { Viewer } from "@/lib/auth/viewer";
import type { PartialIndex } from "@/lib/universities/field-match";
import { allMet, conditionsProgress, someNotMet, type OfferCondition } from "./conditions";
import { STATUS_LABELS, type ApplicationStatus } from "./status";

// The application's whole life, written once: every transition, who may make it, what it needs
// and what it sets off. The pages, the API, the server actions and the scheduled jobs all ask this
// table (through lib/applications/transition.server.ts); nothing else decides whether an application may
// move. docs/application-states.md is generated from it (`npm run docs:states`), and a test fails
// when the two differ.
//
// The contract's five statuses keep their meaning: an application is pending when sent, the team
// reviews it (in-review) and sends it to the university (sent-to-university), which offers a place
// (approved) or rejects it (rejected). After the offer the student replies; the place is confirmed
// once the offer's conditions are met; the student enrols or defers. Nothing is rejected by
// waiting: past its decide-by date an application becomes inactive, the student is told, and the
// team can still decide it.

/** Who makes a transition: the student who applied, an admin of the team or a super admin, or a job. */
export type WorkflowActor = "student" | "teamAdmin" | "superAdmin" | "system";

/**
 * What a transition needs besides the application:
 * - note: an optional message from the team to the student;
 * - reason: a sentence saying why (required);
 * - optionalReason: a sentence saying why, if the student wants to give one;
 * - rejectionReasons: one or more of REJECTION_REASONS, each with a sentence of detail;
 * - offer: the offer's conditions (none for an unconditional offer), reply-by date and start term;
 * - interview: the interview's date, time and time zone, and where (a link or a place);
 * - startTerm: the later start the place moves to;
 * - conditionsMet: every condition of the offer is marked met (an offer without any has none left);
 * - conditionsOutstanding: some condition of the offer is not marked met yet;
 * - conditionNotMet: the team marked at least one condition not met.
 * The offer's conditions are tracked one by one (lib/applications/conditions.ts): the team marks
 * each met or not met, and these three read where they stand.
 */
export type Requirement =
  | "note"
  | "reason"
  | "optionalReason"
  | "rejectionReasons"
  | "offer"
  | "interview"
  | "startTerm"
  | "conditionsMet"
  | "conditionsOutstanding"
  | "conditionNotMet";

/**
 * What a transition sets off once it is stored: an e-mail to the student, a notice to the staff
 * who handle the application (at once or in their digest, as each chose: lib/notifications),
 * calendar entries, reminders.
 */
export type Trigger = "mailStudent" | "mailTeam" | "calendar" | "replyReminder";

export interface Transition {
  /** Its name in the history, the API and the audit log. */
  name: TransitionName;
  from: readonly ApplicationStatus[];
  to: ApplicationStatus;
  by: readonly WorkflowActor[];
  requires: readonly Requirement[];
  triggers: readonly Trigger[];
  /**
   * What a team admin needs beyond the team's default to make it (super admins hold every
   * permission): the decisions on a place need the permission to make decisions.
   */
  permission?: Permission;
  /** The button that makes it. */
  label: string;
  /** What it means, in the history the admissions team reads. */
  meaning: string;
  /**
   * What it means for the student, in words addressed to them, where the meaning of the status it
   * reaches (STATUS_MEANINGS) would not say what happened (a rescheduled interview stays an
   * interview; the student's own reply is theirs).
   */
  forStudent?: string;
}

const STAFF = ["teamAdmin", "superAdmin"] as const;

/** The decisions on a place (an offer, a rejection, what follows the offer): not every team member makes them. */
const DECISION = "make-decisions" satisfies Permission;

/**
 * Marking an offer's condition met or not met decides the place as much as the move it allows:
 * lib/applications/conditions.server.ts and its route and action need the same permission.
 */
export const CONDITION_MARKING_PERMISSION: Permission = DECISION;

/** The states from which an application is still open: a student may withdraw it. */
export const OPEN_STATUSES = [
  "pending",
  "in-review",
  "sent-to-university",
  "interviewing",
  "approved",
  "conditions-pending",
  "place-confirmed",
  "deferred",
  "inactive",
] as const satisfies readonly ApplicationStatus[];

/**
 * The statuses in the order of an application's life, for lists of them (the admin list's filter,
 * the dashboard's counts): the open ones as an application goes through them, then the ends.
 */
export const STATUSES_IN_LIFE_ORDER = [
  ...OPEN_STATUSES,
  "enrolled",
  "rejected",
  "conditions-not-met",
  "offer-declined",
  "offer-withdrawn",
  "withdrawn",
] as const satisfies readonly ApplicationStatus[];

/**
 * One open application per student and program: the database's partial unique index, as the
 * migration builds it and the drift test checks it (its predicate lists OPEN_STATUSES).
 */
export const OPEN_APPLICATION_INDEX: PartialIndex = {
  name: "applications_one_open_key",
  table: "applications",
  columns: ["userId", "programId"],
  // As PostgreSQL prints the migration's `"status" IN (...)`.
  predicate: `"status" = ANY (ARRAY[${OPEN_STATUSES.map((status) => `'${status}'::"ApplicationStatus"`).join(", ")}])`,
  unique: true,
};

/** States waiting for a decision: past the decide-by date they become inactive. */
export const UNDECIDED_STATUSES = [
  "pending",
  "in-review",
  "sent-to-university",
  "interviewing",
] as const satisfies readonly ApplicationStatus[];

export const TRANSITION_NAMES = [
  "start-review",
  "send-to-university",
  "invite-to-interview",
  "reschedule-interview",
  "cancel-interview",
  "make-offer",
  "reject",
  "accept-offer",
  "accept-unconditional-offer",
  "decline-offer",
  "decline-by-default",
  "withdraw-offer",
  "confirm-conditions",
  "conditions-not-met",
  "defer",
  "reinstate",
  "reinstate-with-conditions",
  "enrol",
  "withdraw",
  "mark-inactive",
  "resume-review",
] as const;

export type TransitionName = (typeof TRANSITION_NAMES)[number];

export const TRANSITIONS: readonly Transition[] = [
  {
    name: "start-review",
    from: ["pending"],
    to: "in-review",
    by: STAFF,
    requires: ["note"],
    triggers: ["mailStudent"],
    label: "Start review",
    meaning: "The admissions team started reviewing the application.",
  },
  {
    name: "send-to-university",
    from: ["in-review"],
    to: "sent-to-university",
    by: STAFF,
    requires: ["note"],
    triggers: ["mailStudent"],
    label: "Send to the university",
    meaning: "The admissions team sent the application to the university.",
  },
  {
    name: "invite-to-interview",
    from: ["sent-to-university", "inactive"],
    to: "interviewing",
    by: STAFF,
    requires: ["interview"],
    triggers: ["mailStudent", "calendar"],
    label: "Invite to an interview",
    meaning: "The university invited the student to an interview.",
  },
  {
    name: "reschedule-interview",
    from: ["interviewing"],
    to: "interviewing",
    by: STAFF,
    requires: ["interview", "reason"],
    triggers: ["mailStudent", "calendar"],
    label: "Reschedule the interview",
    meaning: "The interview moved to another date.",
    forStudent: "Your interview moved to another date.",
  },
  {
    name: "cancel-interview",
    from: ["interviewing"],
    to: "sent-to-university",
    by: STAFF,
    requires: ["reason"],
    triggers: ["mailStudent", "calendar"],
    label: "Cancel the interview",
    meaning: "The interview was cancelled; the university decides without it.",
    forStudent: "Your interview was cancelled; the university decides without it.",
  },
  {
    name: "make-offer",
    from: ["sent-to-university", "interviewing", "inactive"],
    to: "approved",
    by: STAFF,
    requires: ["offer", "note"],
    triggers: ["mailStudent", "calendar", "replyReminder"],
    permission: DECISION,
    label: "Record an offer",
    meaning: "The university offered a place.",
  },
  {
    name: "reject",
    from: ["in-review", "sent-to-university", "interviewing", "inactive"],
    to: "rejected",
    by: STAFF,
    // The note says what the student could do next (another program, applying again).
    requires: ["rejectionReasons", "note"],
    triggers: ["mailStudent"],
    permission: DECISION,
    label: "Reject",
    meaning: "The application was not successful.",
  },
  {
    name: "accept-offer",
    from: ["approved"],
    to: "conditions-pending",
    by: ["student"],
    requires: ["conditionsOutstanding"],
    triggers: ["mailStudent", "mailTeam", "calendar"],
    label: "Accept the offer",
    meaning: "The student accepted the offer; the place is confirmed once its conditions are met.",
  },
  {
    name: "accept-unconditional-offer",
    from: ["approved"],
    to: "place-confirmed",
    by: ["student"],
    requires: ["conditionsMet"],
    triggers: ["mailStudent", "mailTeam", "calendar"],
    label: "Accept the offer",
    meaning: "The student accepted the offer, and the place is confirmed.",
    forStudent: "You accepted the offer, and your place is confirmed.",
  },
  {
    name: "decline-offer",
    // An accepted offer too, until the place is taken up: accepting another offer for the same
    // start declines it, and a student may change their mind before enrolling.
    from: ["approved", "conditions-pending", "place-confirmed"],
    to: "offer-declined",
    by: ["student"],
    requires: ["optionalReason"],
    triggers: ["mailStudent", "mailTeam", "calendar"],
    label: "Decline the offer",
    meaning: "The student declined the offer.",
    forStudent: "You declined the offer.",
  },
  {
    name: "decline-by-default",
    from: ["approved"],
    to: "offer-declined",
    by: ["system"],
    requires: [],
    triggers: ["mailStudent", "mailTeam", "calendar"],
    label: "Decline by default",
    meaning: "The reply-by date passed without a reply, so the offer was declined.",
    forStudent: "The reply-by date passed without a reply, so the offer was declined.",
  },
  {
    name: "withdraw-offer",
    from: ["approved", "conditions-pending"],
    to: "offer-withdrawn",
    by: STAFF,
    requires: ["reason"],
    triggers: ["mailStudent", "calendar"],
    permission: DECISION,
    label: "Withdraw the offer",
    meaning: "The university withdrew its offer.",
  },
  {
    name: "confirm-conditions",
    from: ["conditions-pending"],
    to: "place-confirmed",
    by: STAFF,
    requires: ["conditionsMet", "note"],
    triggers: ["mailStudent"],
    permission: DECISION,
    label: "Confirm the place",
    meaning: "Every condition of the offer was met, and the place is confirmed.",
    forStudent: "Every condition of the offer was met, and your place is confirmed.",
  },
  {
    name: "conditions-not-met",
    from: ["conditions-pending"],
    to: "conditions-not-met",
    by: STAFF,
    requires: ["conditionNotMet", "reason"],
    triggers: ["mailStudent"],
    permission: DECISION,
    label: "Conditions not met",
    meaning: "The offer's conditions were not met, so the place is not confirmed.",
  },
  {
    name: "defer",
    from: ["conditions-pending", "place-confirmed"],
    to: "deferred",
    by: STAFF,
    requires: ["startTerm", "reason"],
    triggers: ["mailStudent", "calendar"],
    permission: DECISION,
    label: "Defer to a later start",
    meaning: "The place moved to a later start.",
  },
  {
    name: "reinstate",
    from: ["deferred"],
    to: "place-confirmed",
    by: STAFF,
    requires: ["conditionsMet", "note"],
    triggers: ["mailStudent"],
    permission: DECISION,
    label: "Confirm the deferred place",
    meaning: "The deferred place is confirmed for its new start.",
    forStudent: "Your deferred place is confirmed for its new start.",
  },
  {
    name: "reinstate-with-conditions",
    from: ["deferred"],
    to: "conditions-pending",
    by: STAFF,
    requires: ["conditionsOutstanding", "note"],
    triggers: ["mailStudent"],
    permission: DECISION,
    label: "Reinstate the deferred offer",
    meaning: "The deferred offer stands for its new start, once its conditions are met.",
    forStudent: "Your deferred offer stands for its new start, once its conditions are met.",
  },
  {
    name: "enrol",
    from: ["place-confirmed"],
    to: "enrolled",
    by: STAFF,
    requires: ["note"],
    triggers: ["mailStudent"],
    permission: DECISION,
    label: "Mark as enrolled",
    meaning: "The student enrolled.",
  },
  {
    name: "withdraw",
    from: OPEN_STATUSES,
    to: "withdrawn",
    by: ["student"],
    requires: ["optionalReason"],
    triggers: ["mailStudent", "mailTeam", "calendar"],
    label: "Withdraw the application",
    meaning: "The student withdrew the application.",
    forStudent: "You withdrew the application.",
  },
  {
    name: "mark-inactive",
    from: UNDECIDED_STATUSES,
    to: "inactive",
    by: ["system"],
    requires: [],
    triggers: ["mailStudent", "mailTeam"],
    label: "Mark as inactive",
    meaning: "No decision was made by the decide-by date; the team can still decide.",
  },
  {
    name: "resume-review",
    from: ["inactive"],
    to: "in-review",
    by: STAFF,
    requires: ["note"],
    triggers: ["mailStudent"],
    label: "Resume the review",
    meaning: "The admissions team took the application up again.",
    forStudent: "The admissions team took your application up again.",
  },
];

const BY_NAME = new Map(TRANSITIONS.map((transition) => [transition.name, transition]));

export function transitionNamed(name: TransitionName): Transition {
  return BY_NAME.get(name)!;
}

export function isTransitionName(value: unknown): value is TransitionName {
  return typeof value === "string" && BY_NAME.has(value as TransitionName);
}

/**
 * Whether the offer's conditions allow the transition: accepting an offer with conditions still to
 * meet waits for them, and one without confirms the place; the place is confirmed once every
 * condition is met; the conditions are recorded not met once one of them is marked so.
 */
export function guardHolds(
  transition: Transition,
  conditions: readonly Pick<OfferCondition, "status">[],
): boolean {
  if (transition.requires.includes("conditionsOutstanding") && allMet(conditions)) return false;
  if (transition.requires.includes("conditionsMet") && !allMet(conditions)) return false;
  if (transition.requires.includes("conditionNotMet") && !someNotMet(conditions)) return false;
  return true;
}

/**
 * Why the offer's conditions stop a move the table allows from here, in words saying what to do
 * first, or null when they do not.
 */
export function conditionsRefusal(
  transition: Transition,
  conditions: readonly Pick<OfferCondition, "status">[],
): string | null {
  if (guardHolds(transition, conditions)) return null;
  if (transition.requires.includes("conditionsMet"))
    return `Mark every condition of the offer met first (${conditionsProgress(conditions)}).`;
  if (transition.requires.includes("conditionNotMet")) return "Mark the condition that was not met first.";
  return "Every condition of the offer is met: the place is confirmed instead.";
}

/** What a move that lacks what its transition needs is told, on the field that carries it. */
export const MISSING_REQUIREMENT = {
  reason: "Say why, in a sentence: the student reads it",
  interview: "Give the interview's date, time, time zone and where it takes place",
  startTerm: "Give the later start the place moves to",
} as const satisfies Partial<Record<Requirement, string>>;

/** The transitions `actor` may make from `status`. */
export function transitionsFrom(status: ApplicationStatus, actor: WorkflowActor): Transition[] {
  return TRANSITIONS.filter((t) => t.from.includes(status) && t.by.includes(actor));
}

/** Whether `viewer` holds what the transition needs beyond the team's default (its `permission`). */
export function holdsPermissionFor(
  transition: Pick<Transition, "permission">,
  viewer: Pick<Viewer, "role" | "adminType" | "permissions">,
): boolean {
  return !transition.permission || hasPermission(viewer, transition.permission);
}

/** The statuses `actor` may move an application to from `status`, in the table's order. */
export function nextStatuses(status: ApplicationStatus, actor: WorkflowActor): ApplicationStatus[] {
  return [...new Set(transitionsFrom(status, actor).map((t) => t.to))].filter((to) => to !== status);
}

/** What the Update status dialog can give a move: a note (an offer takes its defaults). */
const DIALOG_REQUIREMENTS: readonly Requirement[] = [
  "note",
  "offer",
  "rejectionReasons",
  "conditionsMet",
  "conditionsOutstanding",
  "conditionNotMet",
];

/**
 * The statuses staff holding `permissions` (what hasPermission grants them) can reach from
 * `status` in the Update status dialog: the moves that need no more than a note. Moves that need a
 * reason, an interview or a new start term are made where those can be given.
 */
export function dialogStatuses(
  status: ApplicationStatus,
  permissions: readonly Permission[],
): ApplicationStatus[] {
  const moves = transitionsFrom(status, "teamAdmin").filter(
    (t) =>
      t.to !== status &&
      t.requires.every((r) => DIALOG_REQUIREMENTS.includes(r)) &&
      (!t.permission || permissions.includes(t.permission)),
  );
  return [...new Set(moves.map((t) => t.to))];
}

export function isOpen(status: ApplicationStatus): boolean {
  return (OPEN_STATUSES as readonly ApplicationStatus[]).includes(status);
}

/**
 * Why a move is refused, naming what is allowed from here: "An application cannot move from
 * Pending to Approved. From Pending it can move to: In Review."
 */
export function transitionRefusal(
  from: ApplicationStatus,
  to: ApplicationStatus,
  actor: WorkflowActor,
): string {
  const allowed = nextStatuses(from, actor);
  const next = allowed.length
    ? `From ${STATUS_LABELS[from]} it can move to: ${allowed.map((s) => STATUS_LABELS[s]).join(", ")}.`
    : TRANSITIONS.some((t) => t.from.includes(from))
      ? `From ${STATUS_LABELS[from]} it cannot be moved by ${ACTOR_NAMES[actor]}.`
      : `${STATUS_LABELS[from]} is a final status.`;
  return `An application cannot move from ${STATUS_LABELS[from]} to ${STATUS_LABELS[to]}. ${next}`;
}

export const ACTOR_NAMES: Record<WorkflowActor, string> = {
  student: "the student",
  teamAdmin: "a team admin",
  superAdmin: "a super admin",
  system: "the scheduled jobs",
};
