// The scholarship search's conditions, apart from its URL parsers (./search-params.ts), so that
// code outside Next (the saved searches' alerts) can build them too.

export interface ScholarshipSearchCriteria {
  /** Substring of the scholarship's name or provider, any case or accents. */
  text?: string;
  /** ISO 3166-1 alpha-2, upper case: where it funds study. */
  countryCode?: string;
  /** A university: its own scholarships and those of its programs. */
  universityId?: number;
  /** A study level's name: scholarships for it, or for any level. */
  level?: string;
  /** A study field's name: scholarships for it, or for any field. */
  field?: string;
  /** ISO alpha-2, upper case: scholarships open to this nationality, or to any. */
  nationality?: string;
  /** A grade on the common 0-100 scale: scholarships whose minimum it meets, or that state none. */
  grade?: number;
  /** Only those whose deadline has not passed, or that have none. */
  open?: boolean;
}

/** The search's conditions from the query's values ('all', 0 and "" mean no condition). */
export function toScholarshipCriteria(query: {
  q?: string;
  country?: string;
  university?: number;
  level?: string;
  field?: string;
  nationality?: string;
  grade?: number;
  open?: boolean;
}): ScholarshipSearchCriteria {
  const isAll = (value: string | undefined) => value === undefined || value === "" || value === "all";
  return {
    ...(query.q?.trim() && { text: query.q.trim() }),
    ...(!isAll(query.country) && { countryCode: query.country!.toUpperCase() }),
    ...(query.university ? { universityId: query.university } : {}),
    ...(!isAll(query.level) && { level: query.level }),
    ...(!isAll(query.field) && { field: query.field }),
    ...(!isAll(query.nationality) && { nationality: query.nationality!.toUpperCase() }),
    ...(query.grade ? { grade: query.grade } : {}),
    ...(query.open ? { open: true } : {}),
  };
}
