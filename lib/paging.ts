import { parseAsInteger, parseAsString } from "nuqs/server";

// Paging of the server-rendered lists: the query-string keys they all have (?q=&page=) and the
// arithmetic from a page number to LIMIT/OFFSET and back from a total to the last page.

/** Rows per page of the admin lists. */
export const LIST_PAGE_SIZE = 20;

/** Searches longer than this are cut: no name is that long, and it bounds the ILIKE pattern. */
export const SEARCH_MAX = 200;

/** The keys every admin list reads; each list adds its own filter beside them. */
export const listParsers = {
  q: parseAsString.withDefault(""),
  page: parseAsInteger.withDefault(1),
};

export interface ListWindow {
  /** At least 1 (a page past the end is kept, so the page can say so). */
  page: number;
  /** Trimmed and cut to SEARCH_MAX; undefined when empty. */
  search: string | undefined;
  limit: number;
  offset: number;
}

export function listWindow(params: { q: string; page: number }, pageSize = LIST_PAGE_SIZE): ListWindow {
  const page = Math.max(1, params.page);
  const search = params.q.trim().slice(0, SEARCH_MAX) || undefined;
  return { page, search, limit: pageSize, offset: (page - 1) * pageSize };
}

/** The last page of `total` rows; 1 when there are none. */
export function lastPageOf(total: number, pageSize = LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
