// An offer as the "make-offer" event of the application's history records it (client-safe: the
// student's page shows it). Its conditions are what accepting it waits for; none makes it
// unconditional.

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
