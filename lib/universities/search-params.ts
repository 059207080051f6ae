import { createLoader, createSerializer } from "nuqs/server";
import { defineListQuery } from "@/lib/list-query";
import { SEARCH_PAGE_SIZE, universitySearchKeys } from "@/lib/list-keys";

// The query of /universities/search and GET /api/universities, from its keys (lib/list-keys.ts,
// which the filter panel reads too): the API's schema (lib/validation/university-search.ts) and
// the server page's parse, so all read the URL the same way. /admin/universities reads ?q= of it.

export { SORTS, SORT_LABELS, type SearchSort } from "@/lib/list-keys";
export const PAGE_SIZE = SEARCH_PAGE_SIZE;

export const universitySearchQuery = defineListQuery(universitySearchKeys, PAGE_SIZE);

export const searchParamsParsers = universitySearchQuery.parsers;
/** Lenient (an invalid value is its default): for metadata; the page itself uses universitySearchQuery.load. */
export const loadSearchParams = createLoader(searchParamsParsers);
export const serializeSearchParams = createSerializer(searchParamsParsers);

export type SearchParamsState = Awaited<ReturnType<typeof loadSearchParams>>;

/** /admin/universities: the same list by name only (sorted by name). */
export const adminUniversitiesQuery = universitySearchQuery.pick("q");
