import {
  booleanKey,
  countryKey,
  idKey,
  oneOfKey,
  searchKey,
  studyListKey,
  wholeNumberKey,
} from "@/lib/list-keys";

// The keys of the scholarship search (/scholarships, GET /api/scholarships), made of the lists'
// kinds (lib/list-keys.ts) but kept apart from the keys the browser's filter panels read: the
// scholarship search's filters are a plain form rendered on the server, so no browser bundle
// needs them, and the other search pages' scripts do not carry them. No zod: the saved searches'
// canonical form (lib/saved-searches/kinds.ts) reads them too.

export const SCHOLARSHIP_SORTS = ["deadline", "name"] as const;
export type ScholarshipSort = (typeof SCHOLARSHIP_SORTS)[number];
export const SCHOLARSHIP_SORT_LABELS: Record<ScholarshipSort, string> = {
  deadline: "Deadline (soonest)",
  name: "Name (A-Z)",
};

/**
 * /scholarships and GET /api/scholarships: who a scholarship is for. Level and field are names of
 * the study lists; nationality and grade are the student's (a scholarship that does not restrict
 * them matches any).
 */
export const scholarshipSearchKeys = {
  q: searchKey,
  /** Where it funds study: its university's country, or the country it names. */
  country: countryKey,
  /** A university's id: its own scholarships and its programs'; 0 means any. */
  university: idKey,
  level: studyListKey,
  field: studyListKey,
  /** A nationality the scholarship accepts (those open to every nationality too). */
  nationality: countryKey,
  /** A grade on the common 0-100 scale that meets the scholarship's minimum (or it states none); 0 means any. */
  grade: wholeNumberKey({ min: 0, max: 100, fallback: 0 }),
  /** Only scholarships whose deadline has not passed (or that have none). */
  open: booleanKey(),
  sort: oneOfKey(SCHOLARSHIP_SORTS, "deadline"),
};
