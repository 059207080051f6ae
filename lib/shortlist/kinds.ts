// What a shortlist holds, without zod: the Save controls of the public pages read it in the browser.

export const SHORTLIST_KINDS = ["program", "university", "scholarship"] as const;
export type ShortlistKind = (typeof SHORTLIST_KINDS)[number];

export function isShortlistKind(value: unknown): value is ShortlistKind {
  return (SHORTLIST_KINDS as readonly unknown[]).includes(value);
}
