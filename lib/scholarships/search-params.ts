import { defineListQuery } from "@/lib/list-query";
import { SEARCH_PAGE_SIZE } from "@/lib/list-keys";
import { scholarshipSearchKeys, type ScholarshipSort } from "./search-keys";

// The query of /scholarships and GET /api/scholarships, from its keys (./search-keys.ts): the
// API's schema and the server page's parse.

export { SCHOLARSHIP_SORTS, SCHOLARSHIP_SORT_LABELS, type ScholarshipSort } from "./search-keys";

/** Said beside the results. Every sort lists open scholarships before closed ones. */
export const SCHOLARSHIP_SORT_NOTES: Record<ScholarshipSort, string> = {
  deadline:
    "Sorted by deadline, soonest first; those without a fixed deadline follow. Closed ones come last.",
  name: "Sorted by name. Closed ones come last.",
};

export const SCHOLARSHIPS_PAGE_SIZE = SEARCH_PAGE_SIZE;

export const scholarshipSearchQuery = defineListQuery(scholarshipSearchKeys, SCHOLARSHIPS_PAGE_SIZE);
export const scholarshipSearchQuerySchema = scholarshipSearchQuery.apiSchema;
