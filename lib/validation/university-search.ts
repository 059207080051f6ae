import { universitySearchQuery } from "@/lib/universities/search-params";

/** GET /api/universities: the search page's filters plus limit/offset (lib/universities/search-params.ts). */
export const universitySearchQuerySchema = universitySearchQuery.apiSchema;
