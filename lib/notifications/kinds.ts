import type { TransitionName } from "@/lib/applications/workflow";

// What staff may be told of by e-mail, and how. Each staff member chooses, per kind of event,
// whether to get an e-mail at once, to find it in the daily digest, or neither; and which
// universities they handle. Client-safe: the preferences page and the API's schema read it.
//
// Who is told (lib/notifications/tell.server.ts), never the student who submitted the application
// (staff may apply too), and only active admins:
// - a new submission: the staff who handle the program's university (none handled: none told);
// - the other kinds: the application's assignee when it has one; else the staff who handle its
//   university; else, when nobody handles that university, the staff who handle none (the
//   general team: a team that chose no universities is told as before, every active admin).

export const NOTICE_KINDS = ["newSubmission", "requestAnswered", "offerReply", "overdue"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_DELIVERIES = ["off", "immediate", "digest"] as const;
export type NoticeDelivery = (typeof NOTICE_DELIVERIES)[number];

/** Each kind's name on the preferences page and as the digest's heading. */
export const NOTICE_LABELS: Record<NoticeKind, string> = {
  newSubmission: "New applications",
  requestAnswered: "Requests answered",
  offerReply: "Offer replies and withdrawals",
  overdue: "Past the decide-by date",
};

/** What sets each kind off, in a sentence for the preferences page. */
export const NOTICE_DESCRIPTIONS: Record<NoticeKind, string> = {
  newSubmission: "A student submits an application to a program of a university you handle.",
  requestAnswered: "A student answers the team's request for a document or a correction.",
  offerReply:
    "A student accepts or declines an offer or withdraws an application, or an offer is declined because its reply-by date passed.",
  overdue: "An application is still undecided after its decide-by date and becomes inactive.",
};

export const DELIVERY_LABELS: Record<NoticeDelivery, string> = {
  off: "Off",
  immediate: "E-mail at once",
  digest: "In the daily digest",
};

/**
 * The choice of a staff member who never made one: told at once of what waits for them (a
 * student's answer or reply), in the digest of what ran late, and not of each new submission
 * (which would be every application of the universities they handle).
 */
export const NOTICE_DEFAULTS: Record<NoticeKind, NoticeDelivery> = {
  newSubmission: "off",
  requestAnswered: "immediate",
  offerReply: "immediate",
  overdue: "digest",
};

/** The most universities one staff member handles. */
export const HANDLED_UNIVERSITIES_MAX = 200;

/**
 * The kind of notice a move of the transition table sets off for the team (its `mailTeam`
 * trigger): falling past the decide-by date, or otherwise the student's decision on an offer or
 * the application.
 */
export function noticeOfTransition(name: TransitionName): NoticeKind {
  return name === "mark-inactive" ? "overdue" : "offerReply";
}

/** A staff member's choices, as GET /api/user/notifications answers and the form starts from. */
export interface NoticePreferences {
  choices: Record<NoticeKind, NoticeDelivery>;
  /** The universities they handle, by name. */
  universities: { id: number; name: string; country: string }[];
  /** False while they never saved: the choices are the defaults. */
  saved: boolean;
}
