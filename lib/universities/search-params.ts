import {
  createLoader,
  createSerializer,
  parseAsInteger,
  parseAsString,
  parseAsStringLiteral,
} from "nuqs/server";
import { SEARCH_FIELDS, STUDY_LEVELS, TUITION_SLIDER } from "@/lib/constants";

// The query string of /universities/search, shared by the server page (parsing) and the filter
// panel (nuqs hooks), so both read the URL the same way. Unknown values fall back to defaults.

export const SORTS = ["ranking", "name", "tuition"] as const;
export type SearchSort = (typeof SORTS)[number];
export const SORT_LABELS: Record<SearchSort, string> = {
  ranking: "Ranking",
  name: "Name (A-Z)",
  tuition: "Lowest tuition",
};

export const PAGE_SIZE = 20;

export const searchParamsParsers = {
  country: parseAsString.withDefault("all"),
  level: parseAsStringLiteral(["all", ...STUDY_LEVELS]).withDefault("all"),
  field: parseAsStringLiteral(["all", ...SEARCH_FIELDS]).withDefault("all"),
  q: parseAsString.withDefault(""),
  /** Maximum yearly tuition in USD; 0 means no limit. */
  cost: parseAsInteger.withDefault(TUITION_SLIDER.min),
  sort: parseAsStringLiteral(SORTS).withDefault("ranking"),
  page: parseAsInteger.withDefault(1),
};

export const loadSearchParams = createLoader(searchParamsParsers);
export const serializeSearchParams = createSerializer(searchParamsParsers);

export type SearchParamsState = Awaited<ReturnType<typeof loadSearchParams>>;
