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

/** The last page of `total` rows; 1 when there are none. */
export function lastPageOf(total: number, pageSize = LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The count above a page of results: "Items 21–30 of 10,252"; a page with no rows (none match, or
 * the page is past the last) has no range to give: "Items 0 of 10,252", "Items 0 of 0".
 */
export function resultsSummary({
  page,
  pageSize,
  shown,
  total,
}: {
  page: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  total: number;
}): string {
  if (shown === 0) return `Items 0 of ${formatCount(total)}`;
  const first = (page - 1) * pageSize + 1;
  return `Items ${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`;
}
