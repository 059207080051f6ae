import type { UniversitySummary } from "./search.server";

/** What a search result card shows of a university: the fields its RSC payload carries. */
export type UniversityCard = Pick<
  UniversitySummary,
  | "id"
  | "slug"
  | "name"
  | "country"
  | "countryCode"
  | "programCount"
  | "minTuition"
  | "webPage"
  | "ranking"
  | "rankingSource"
  | "rankingYear"
>;

/** The card's fields of a search result (not its description or images). */
export function toUniversityCard(university: UniversitySummary): UniversityCard {
  const { id, slug, name, country, countryCode, programCount, minTuition, webPage } = university;
  const { ranking, rankingSource, rankingYear } = university;
  return {
    id,
    slug,
    name,
    country,
    countryCode,
    programCount,
    minTuition,
    webPage,
    ranking,
    rankingSource,
    rankingYear,
  };
}
