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
 * The conditions still to meet: the last offer's, unless a confirmation of the place since has
 * recorded them met (`events` newest first; other events are passed over).
 */
export function outstandingConditions(
  events: readonly { transition: string | null; data: unknown }[],
): string[] {
  const offerAt = events.findIndex((event) => event.transition === "make-offer");
  if (offerAt === -1) return [];
  const confirmed = events.slice(0, offerAt).some((event) => event.transition === "confirm-conditions");
  return confirmed ? [] : (offerOf(events[offerAt].data)?.conditions ?? []);
}
