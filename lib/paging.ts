import { formatCount } from "./format";

// Paging of the server-rendered lists: the page size and the arithmetic from a total to the last
// page. Each list's query keys (?q=, its filters, ?page=) are defined with lib/list-keys.ts.

/** Rows per page of the admin lists. */
export const LIST_PAGE_SIZE = 20;

/**
 * The furthest first row (?offset=) a list endpoint serves: the largest whole number a JavaScript
 * number holds exactly. A page's last page number follows from it (pageMaxOf in lib/list-keys.ts).
 */
export const OFFSET_MAX = Number.MAX_SAFE_INTEGER;

/**
 * Matches a list counts exactly; past this many, its total is an estimate ("about 24,000"), since
 * counting every match of a frequent word in a million programs took longer than the page's own
 * query (docs/decisions/0023-counts-past-a-bound-are-estimates.md).
 */
export const EXACT_COUNT_BOUND = 1_000;

/** A list's number of matches: exact unless `approximate`, which lists past EXACT_COUNT_BOUND may be. */
export interface ListTotal {
  total: number;
  /** `total` is an estimate (more than EXACT_COUNT_BOUND match); absent or false when exact. */
  approximate?: boolean;
}

/** A count as a list says it: "10,251", or "about 24,000" for an estimate. */
export function totalText({ total, approximate }: ListTotal): string {
  return approximate ? `about ${formatCount(total)}` : formatCount(total);
}

/**
 * An estimate as lists give it: `estimate` to two significant figures (171,581 is "about 170,000"),
 * and never below `floor`, the matches known to exist (rounded up to two figures when it is higher).
 */
export function roundEstimate(estimate: number, floor: number): number {
  const twoFigures = (value: number, round: (x: number) => number) => {
    if (value < 100) return round(value);
    const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
    return round(value / unit) * unit;
  };
  const rounded = twoFigures(estimate, Math.round);
  return rounded >= floor ? rounded : twoFigures(floor, Math.ceil);
}

/** The last page of `total` rows; 1 when there are none. */
export function lastPageOf(total: number, pageSize = LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The count above a page of results: "Items 21–30 of 10,252", "Items 1–20 of about 24,000" for an
 * estimate; a page with no rows (none match, or the page is past the last) has no range to give:
 * "Items 0 of 10,252", "Items 0 of 0".
 */
export function resultsSummary({
  page,
  pageSize,
  shown,
  total,
  approximate,
}: {
  page: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
} & ListTotal): string {
  const of = totalText({ total, approximate });
  if (shown === 0) return `Items 0 of ${of}`;
  const first = (page - 1) * pageSize + 1;
  return `Items ${formatCount(first)}–${formatCount(first + shown - 1)} of ${of}`;
}
