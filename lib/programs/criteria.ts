// The program search's conditions, apart from its URL parsers (./search-params.ts), so that code
// outside Next (the bench) can use them without loading next/navigation.

export interface ProgramSearchCriteria {
  /** Substring of the program's or its university's name, any case or accents. */
  text?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode?: string;
  level?: string;
  field?: string;
  degree?: string;
  duration?: number;
  maxTuition?: number;
  /** Deadline on or after this moment. */
  deadlineFrom?: Date;
  /** Deadline not yet passed at this moment. */
  openAt?: Date;
}

/** The search's conditions from the query's values ('all', 0 and "" mean no condition). */
export function toProgramCriteria(
  query: {
    q?: string;
    country?: string;
    level?: string;
    field?: string;
    degree?: string;
    duration?: number;
    cost?: number;
    from?: string;
    open?: boolean;
  },
  now: Date,
): ProgramSearchCriteria {
  const isAll = (value: string | undefined) => value === undefined || value === "" || value === "all";
  return {
    ...(query.q?.trim() && { text: query.q.trim() }),
    ...(!isAll(query.country) && { countryCode: query.country!.toUpperCase() }),
    ...(!isAll(query.level) && { level: query.level }),
    ...(!isAll(query.field) && { field: query.field }),
    ...(!isAll(query.degree) && { degree: query.degree }),
    ...(query.duration ? { duration: query.duration } : {}),
    ...(query.cost ? { maxTuition: query.cost } : {}),
    ...(query.from ? { deadlineFrom: new Date(`${query.from}T00:00:00Z`) } : {}),
    ...(query.open ? { openAt: now } : {}),
  };
}
