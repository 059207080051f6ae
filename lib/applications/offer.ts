// An offer as the "make-offer" event of the application's history records it (client-safe: the
// student's page shows it). Its conditions are what accepting it waits for; none makes it
// unconditional.

import { addDays, dayIn } from "@/lib/dates/days";
import { DEFAULT_TIME_ZONE } from "@/lib/dates/zones";

export interface Offer {
  conditions: string[];
  /** The last day to reply (YYYY-MM-DD). */
  replyBy: string;
  startTerm: string | null;
}

/** The offer in a make-offer event's data, or null when it holds none. */
export function offerOf(data: unknown): Offer | null {
  const offer = (data as { offer?: Record<string, unknown> } | null | undefined)?.offer;
  if (!offer || typeof offer.replyBy !== "string") return null;
  const conditions = Array.isArray(offer.conditions)
    ? offer.conditions.filter((c): c is string => typeof c === "string")
    : [];
  return {
    conditions,
    replyBy: offer.replyBy,
    startTerm: typeof offer.startTerm === "string" ? offer.startTerm : null,
  };
}

/** Days a student has to reply to an offer unless the team says otherwise. */
export const REPLY_DAYS = 14;

/**
 * The reply-by date an offer made at `now` gets by default (YYYY-MM-DD): REPLY_DAYS days after the
 * day it is made on in the program's time zone, in which that date also ends.
 */
export function defaultReplyBy(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return addDays(dayIn(now, timeZone), REPLY_DAYS);
}

/**
 * The start an offer's place is for: the last deferral's new start, else the offer's own (`events`
 * newest first; other events are passed over). Null when neither names one.
 */
export function startTermOf(events: readonly { transition: string | null; data: unknown }[]): string | null {
  for (const event of events) {
    if (event.transition === "defer") {
      const term = (event.data as { startTerm?: unknown } | null)?.startTerm;
      if (typeof term === "string") return term;
    }
    if (event.transition === "make-offer") return offerOf(event.data)?.startTerm ?? null;
  }
  return null;
}

/**
 * Whether two offers' places start in the same term, as the team typed them ("September 2027"):
 * the same words, whatever the letter case and spacing. An offer without a start is never the
 * same as another: nothing says so.
 */
export function sameStartTerm(a: string | null, b: string | null): boolean {
  const key = (term: string) => term.trim().replace(/\s+/g, " ").toLowerCase();
  return a !== null && b !== null && key(a) === key(b);
}
