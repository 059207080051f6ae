import { createParser } from "nuqs/server";
import { DEGREES, DURATIONS, SEARCH_FIELDS, TUITION_SLIDER } from "@/lib/constants";
import { OFFSET_MAX } from "@/lib/paging";
import { isStorable } from "@/lib/validation/storable-text";

// The lists' query keys as the browser's filter components read and write them (nuqs), without
// zod: zod weighs about 30 KB gzip, which every public search page would load for its filters.
// lib/list-query.ts builds the server's parsers from the API's zod schemas; these read every text
// the same way (tests/unit/list-query.test.ts compares them), so a filter shows what the page
// searched for. Sort orders and labels live here so that the filters need no zod either.

/** Searches longer than this are refused: no name is that long, and it bounds the ILIKE pattern. */
export const SEARCH_MAX = 200;
export const SEARCH_TOO_LONG = `q must be at most ${SEARCH_MAX} characters`;

export const SORTS = ["ranking", "name", "tuition"] as const;
export type SearchSort = (typeof SORTS)[number];
export const SORT_LABELS: Record<SearchSort, string> = {
  ranking: "Ranking",
  name: "Name (A-Z)",
  tuition: "Lowest tuition",
};

export const PROGRAM_SORTS = ["deadline", "tuition", "name", "ranking"] as const;
export type ProgramSort = (typeof PROGRAM_SORTS)[number];
export const PROGRAM_SORT_LABELS: Record<ProgramSort, string> = {
  deadline: "Deadline (soonest)",
  tuition: "Lowest tuition",
  name: "Name (A-Z)",
  ranking: "University ranking",
};

/** Rows per page of both search pages. */
export const SEARCH_PAGE_SIZE = 20;

/**
 * A text key kept as written when `accepts` it; otherwise (or absent) `fallback`. Text PostgreSQL
 * cannot store (NUL, a broken surrogate) is never accepted, as the server's parsers refuse it.
 */
function textKey<T extends string = string>(fallback: NoInfer<T>, accepts: (text: string) => boolean) {
  return createParser<T>({
    parse: (text) => (isStorable(text) && accepts(text) ? (text as T) : null),
    serialize: String,
  }).withDefault(fallback);
}

const oneOf =
  (...values: readonly string[]) =>
  (text: string) =>
    values.includes(text);

/** A whole number from min to max as z.coerce.number() reads it (Number(text)); else `fallback`. */
function integerKey(fallback: number, min: number, max: number) {
  return createParser<number>({
    parse: (text) => {
      const value = Number(text);
      return Number.isInteger(value) && value >= min && value <= max ? value : null;
    },
    serialize: String,
  }).withDefault(fallback);
}

/** ?q=: at most SEARCH_MAX characters; blank means none. */
const q = textKey("", (text) => text.length <= SEARCH_MAX && text.trim() !== "");
/** ?page=: 1 when empty; at most the page whose first row is OFFSET_MAX. */
const pageMax = Math.floor(OFFSET_MAX / SEARCH_PAGE_SIZE) + 1;
const page = createParser<number>({
  parse: (text) => (text === "" ? 1 : integerKey(1, 1, pageMax).parse(text)),
  serialize: String,
}).withDefault(1);
const country = textKey("all", (text) => /^(all|[A-Za-z]{2})$/.test(text));
const cost = integerKey(TUITION_SLIDER.min, 0, TUITION_SLIDER.max);

/** A name of a study list in settings: any short text. */
const atMost100 = (text: string) => text.length <= 100;

/** ?q=&page= of the admin lists (each adds its own filter). */
export const listKeys = { q, page };

/** /universities/search. */
export const universitySearchKeys = {
  country,
  level: textKey("all", atMost100),
  field: textKey("all", oneOf("all", ...SEARCH_FIELDS)),
  q,
  cost,
  sort: textKey<SearchSort>("ranking", oneOf(...SORTS)),
  page,
};

/** YYYY-MM-DD naming a day of the calendar (not 2025-02-30), as z.iso.date() takes. */
function isDay(text: string) {
  const day = new Date(`${text}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text)
  );
}

/** /programs: level and field are names of the database's study lists, so any short text. */
export const programSearchKeys = {
  q,
  country,
  level: textKey("all", atMost100),
  field: textKey("all", atMost100),
  degree: textKey("all", oneOf("all", ...DEGREES)),
  duration: integerKey(0, 1, Math.max(...DURATIONS)),
  cost,
  from: textKey("", isDay),
  open: createParser<boolean>({
    parse: (text) => (/^true$/i.test(text) ? true : /^false$/i.test(text) ? false : null),
    serialize: String,
  }).withDefault(false),
  sort: textKey<ProgramSort>("deadline", oneOf(...PROGRAM_SORTS)),
  page,
};
