import type { ProgramSearchResult } from "./search.server";

/** What a /programs result card shows of a program: the fields its RSC payload carries. */
export interface ProgramCard extends Pick<
  ProgramSearchResult,
  "id" | "name" | "degree" | "duration" | "tuition" | "currency" | "deadline" | "timeZone"
> {
  university: Pick<
    ProgramSearchResult["university"],
    "slug" | "name" | "country" | "countryCode" | "ranking" | "rankingSource" | "rankingYear"
  >;
}

/** The card's fields of a search result (not its description). */
export function toProgramCard(program: ProgramSearchResult): ProgramCard {
  const { id, name, degree, duration, tuition, currency, deadline, timeZone } = program;
  const {
    slug,
    name: universityName,
    country,
    countryCode,
    ranking,
    rankingSource,
    rankingYear,
  } = program.university;
  return {
    id,
    name,
    degree,
    duration,
    tuition,
    currency,
    deadline,
    timeZone,
    university: { slug, name: universityName, country, countryCode, ranking, rankingSource, rankingYear },
  };
}
