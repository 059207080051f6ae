// How many programs /compare shows side by side, and what the Compare boxes say past that. Apart
// from the id parsing of compare-ids.ts (which needs zod), so that the search pages' Compare
// boxes load no validation library.

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
export const COMPARE_TOO_MANY = `You can compare at most ${COMPARE_MAX} programs at a time.`;
