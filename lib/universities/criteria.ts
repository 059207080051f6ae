import { SEARCH_FIELDS, TUITION_SLIDER, type SearchField } from "@/lib/constants";

// The search's matching rules, as data. A university matches when its name contains the
// search text (any case), it is in the chosen country, and ONE of its programs satisfies every
// program condition at once: the chosen study level (the program's own level, a name of the study
// level list in settings, so that LLB, BBA, EdD or MD programs count as what they are, and a level
// added in settings can be searched), a name containing the field, and a tuition at or under the
// cost limit. 'all' (and a cost of 0) means no condition; a level not in the list matches nothing.

export interface SearchFilters {
  country?: string | null;
  level?: string | null;
  field?: string | null;
  q?: string | null;
  cost?: number | null;
}

export interface SearchCriteria {
  /** Substring of the university name, any case and any accents (lib/db/text-match.ts). */
  nameContains?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode?: string;
  program?: {
    /** The program's level: a name of the study level list. */
    level?: string;
    /** One of SEARCH_FIELDS, contained in the program's name, any case (./field-match.ts). */
    field?: SearchField;
    maxTuition?: number;
  };
}

const isAll = (value: string | null | undefined) => !value || value.trim() === "" || value === "all";

export function toSearchCriteria(filters: SearchFilters): SearchCriteria {
  const criteria: SearchCriteria = {};
  const q = filters.q?.trim();
  if (q) criteria.nameContains = q;
  if (!isAll(filters.country)) criteria.countryCode = filters.country!.trim().toUpperCase();

  const program: NonNullable<SearchCriteria["program"]> = {};
  if (!isAll(filters.level)) program.level = filters.level!;
  if (!isAll(filters.field) && (SEARCH_FIELDS as readonly string[]).includes(filters.field!)) {
    program.field = filters.field as SearchField;
  }
  if (filters.cost && filters.cost > TUITION_SLIDER.min) program.maxTuition = filters.cost;
  if (Object.keys(program).length > 0) criteria.program = program;
  return criteria;
}
