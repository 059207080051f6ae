// An interview as the "invite-to-interview" and "reschedule-interview" events record it: when, in
// which time zone, online or in person, and where. Client-safe: the history on both sides shows it,
// and the admin's form turns its date, time and time zone into the recorded moment.

import { isTimeZone, offsetMinutes } from "@/lib/dates/zones";

export const INTERVIEW_MODES = ["online", "in-person"] as const;
export type InterviewMode = (typeof INTERVIEW_MODES)[number];

export const INTERVIEW_MODE_LABELS: Record<InterviewMode, string> = {
  online: "Online",
  "in-person": "In person",
};

export interface Interview {
  /** The moment, with the offset of its time zone then ("2027-03-12T14:30:00+01:00"). */
  startsAt: string;
  /** The IANA time zone it is given in ("Europe/Paris"). */
  timeZone: string;
  mode: InterviewMode;
  /** The link (online) or the place (in person). */
  location: string;
  notes: string | null;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The date ("2027-03-12") and time ("14:30") of `startsAt` on the clocks of its time zone. */
export function wallClock(startsAt: string, timeZone: string): { date: string; time: string } {
  const at = new Date(startsAt).getTime();
  const local = new Date(at + offsetMinutes(at, isTimeZone(timeZone) ? timeZone : "UTC") * 60_000);
  return {
    date: local.toISOString().slice(0, 10),
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** "Friday, 12 March 2027 at 14:30 CET (Europe/Paris)", on the clocks of the interview's time zone. */
export function formatInterviewTime(interview: Pick<Interview, "startsAt" | "timeZone">): string {
  const zone = isTimeZone(interview.timeZone) ? interview.timeZone : "UTC";
  const when = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(interview.startsAt));
  return `${when} (${zone})`;
}

/** The interview in an event's data, or null when it holds none. */
export function interviewOf(data: unknown): Interview | null {
  const interview = (data as { interview?: Record<string, unknown> } | null | undefined)?.interview;
  if (!interview || typeof interview.startsAt !== "string" || Number.isNaN(Date.parse(interview.startsAt)))
    return null;
  const mode = INTERVIEW_MODES.find((m) => m === interview.mode) ?? "online";
  return {
    startsAt: interview.startsAt,
    timeZone: typeof interview.timeZone === "string" ? interview.timeZone : "UTC",
    mode,
    location: typeof interview.location === "string" ? interview.location : "",
    notes: typeof interview.notes === "string" && interview.notes ? interview.notes : null,
  };
}

/** The location as a link when it is a web address (http or https); anything else stays text. */
export function interviewLink(location: string): string | null {
  try {
    const url = new URL(location);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
