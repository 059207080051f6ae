import type { ApplicationStatus } from "./status";
import { OPEN_STATUSES, UNDECIDED_STATUSES } from "./workflow";

// The admissions team's queue: which applications need the team, and in what order. Client-safe
// words and rules; lib/applications/queue.server.ts writes the same rules in SQL, and the tests
// check the two agree.
//
// Tabs split the applications by whose move it is, each application in exactly one tab (so the
// counts add up to the whole list), the first rule that holds deciding:
//   1. Closed: the application's life ended (enrolled, rejected, declined, withdrawn...).
//   2. Needs review: the team must act: a student answered a request, the decide-by date passed
//      (or the application went inactive), an accepted offer's conditions wait for checking, or a
//      new or reviewed application is waiting with nothing asked of the student.
//   3. Waiting for the student: a request for a document or a correction is open.
//   4. Offers: an offer stands (waiting for the student's reply, or a place confirmed or deferred).
//   5. Waiting for the university: sent to it, or interviewing.
//
// Within a tab, and across all of them, the queue puts first what is most urgent, in this order:
// past the decide-by date (the oldest date first), a request answered, conditions to check, an
// offer whose reply-by date is near (the nearest first), new submissions (the oldest first), then
// the rest of the open ones (the oldest first), then the closed ones (the newest first).

export const QUEUE_TABS = ["needs-review", "student", "offers", "university", "closed"] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

export const QUEUE_TAB_LABELS: Record<QueueTab | "all", string> = {
  all: "All",
  "needs-review": "Needs review",
  student: "Waiting for the student",
  offers: "Offers",
  university: "Waiting for the university",
  closed: "Closed",
};

/** What each tab holds, for the tab's description. */
export const QUEUE_TAB_MEANINGS: Record<QueueTab | "all", string> = {
  all: "Every application, the most urgent first.",
  "needs-review": "The team's move: new, answered, overdue or conditions to check.",
  student: "A request for a document or a correction waits for the student.",
  offers: "An offer stands: waiting for the reply, or the place confirmed or deferred.",
  university: "Sent to the university, or interviewing.",
  closed: "Enrolled, rejected, declined or withdrawn.",
};

/** An offer whose reply-by date falls within this many days is near its date. */
export const REPLY_NEAR_DAYS = 7;

/** Why an application stands where it does in the queue, most urgent first. */
export const URGENCIES = [
  "overdue",
  "answered",
  "conditions",
  "reply-near",
  "new",
  "open",
  "closed",
] as const;
export type Urgency = (typeof URGENCIES)[number];

/** The urgency's label on a row; none for the ordinary ones. */
export const URGENCY_LABELS: Partial<Record<Urgency, string>> = {
  overdue: "Overdue",
  answered: "Student answered",
  conditions: "Conditions to check",
  "reply-near": "Reply due soon",
  new: "New",
};

const OFFER_STATUSES: readonly ApplicationStatus[] = ["approved", "place-confirmed", "deferred"];
const UNIVERSITY_STATUSES: readonly ApplicationStatus[] = ["sent-to-university", "interviewing"];

/** What the queue reads of an application. Days are YYYY-MM-DD; `today` is the program's today. */
export interface QueueFacts {
  status: ApplicationStatus;
  decideBy: string;
  replyBy: string | null;
  requests: { open: number; answered: number };
  /** The day it is now in the program's time zone. */
  today: string;
  /** The day REPLY_NEAR_DAYS after today. */
  replyNearLimit: string;
}

const isOpenStatus = (status: ApplicationStatus) => (OPEN_STATUSES as readonly string[]).includes(status);

/** The decide-by date passed with no decision (or the jobs already marked it inactive). */
export function isOverdue(facts: Pick<QueueFacts, "status" | "decideBy" | "today">): boolean {
  return (
    facts.status === "inactive" ||
    ((UNDECIDED_STATUSES as readonly string[]).includes(facts.status) && facts.decideBy < facts.today)
  );
}

/** The tab an application is in (the rules above). */
export function queueTabOf(facts: QueueFacts): QueueTab {
  if (!isOpenStatus(facts.status)) return "closed";
  if (
    facts.requests.answered > 0 ||
    isOverdue(facts) ||
    facts.status === "conditions-pending" ||
    ((facts.status === "pending" || facts.status === "in-review") && facts.requests.open === 0)
  )
    return "needs-review";
  if (facts.requests.open > 0) return "student";
  if (OFFER_STATUSES.includes(facts.status)) return "offers";
  if (UNIVERSITY_STATUSES.includes(facts.status)) return "university";
  return "needs-review";
}

/** How urgent an application is (the queue's first sort key). */
export function urgencyOf(facts: QueueFacts): Urgency {
  if (!isOpenStatus(facts.status)) return "closed";
  if (isOverdue(facts)) return "overdue";
  if (facts.requests.answered > 0) return "answered";
  if (facts.status === "conditions-pending") return "conditions";
  if (facts.status === "approved" && facts.replyBy !== null && facts.replyBy <= facts.replyNearLimit)
    return "reply-near";
  if (facts.status === "pending") return "new";
  return "open";
}

/** Who the list shows: everyone's, the viewer's own ("My queue"), nobody's, or one staff member's. */
export const ASSIGNEE_CHOICES = ["all", "me", "nobody"] as const;

export const ASSIGNEE_LABELS: Record<(typeof ASSIGNEE_CHOICES)[number], string> = {
  all: "Anyone",
  me: "Me",
  nobody: "Nobody",
};

/** ?assignee=: all, me, nobody, or a staff member's id. */
export function isAssigneeChoice(text: string): boolean {
  return (
    (ASSIGNEE_CHOICES as readonly string[]).includes(text) ||
    (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647)
  );
}

/** The list's orders: the queue's (most urgent first) or the newest submissions first. */
export const QUEUE_ORDERS = ["urgency", "newest"] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];
export const QUEUE_ORDER_LABELS: Record<QueueOrder, string> = {
  urgency: "Most urgent first",
  newest: "Newest first",
};
