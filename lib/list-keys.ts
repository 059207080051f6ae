import { createParser } from "nuqs/server";
import { DEGREES, DURATIONS, SEARCH_FIELDS, TUITION_SLIDER } from "@/lib/constants";
import { LIST_PAGE_SIZE, OFFSET_MAX } from "@/lib/paging";
import { isStorable, UNSTORABLE_TEXT } from "@/lib/validation/storable-text";

// The lists' query keys, each defined once, without zod: zod weighs about 30 KB gzip, which every
// public search page would load for its filters. A key says how the API reads its text (a value,
// or a refusal and what the 400 says) and what the page shows when the key is absent. From the
// same definitions come
//   - the nuqs parsers (listParsers), of the filter components in the browser and of the pages,
//   - the API's zod schemas and the server pages' parse (defineListQuery in lib/list-query.ts),
// so a filter shows what the page searched for, and the page searches for what the API would.
// The public searches' keys are defined here, as the browser needs them; an admin list defines its
// own filter beside its API schema (lib/validation/<domain>.ts) from the kinds below. Sort orders
// and their labels live here so that the filters need no zod either.

/** What a key's reading gives for a text the API refuses. */
export const REFUSED = Symbol("refused");

export interface ListKey<T = unknown> {
  /** The rule in words, after "<key> must be": the API's message (400) for a text it refuses. */
  readonly must: string;
  /** The API's value of the key's text (undefined: the key is absent), or REFUSED. */
  readonly read: (text: string | undefined) => T | typeof REFUSED;
  /** The page's value when the key is absent (in the browser, refused too); links leave it out. */
  readonly fallback: Exclude<T, undefined>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListKeys = Record<string, ListKey<any>>;
/** What the API reads from a key (undefined: none). */
export type ApiValue<K> = K extends ListKey<infer T> ? T : never;
/** What the page holds for a key. */
export type PageValue<K> = Exclude<ApiValue<K>, undefined>;

export type Reading<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * How the API reads key `name` (`text` undefined: absent). Every key first refuses text PostgreSQL
 * cannot store (NUL, a broken surrogate) with route()'s message, so no page hands such text to a
 * query, as no route handler does.
 */
export function readKey<T>(name: string, key: ListKey<T>, text: string | undefined): Reading<T> {
  if (text !== undefined && !isStorable(text)) return { ok: false, message: UNSTORABLE_TEXT };
  const value = key.read(text);
  if (value === REFUSED) return { ok: false, message: `${name} must be ${key.must}` };
  return { ok: true, value: value as T };
}

/** Text kept as written when `accepts` it; absent, none. */
export function textKey(rule: {
  must: string;
  accepts: (text: string) => boolean;
  fallback: string;
}): ListKey<string | undefined> {
  const { must, accepts, fallback } = rule;
  return {
    must,
    fallback,
    read: (text) => (text === undefined ? undefined : accepts(text) ? text : REFUSED),
  };
}

/**
 * A whole number from min to max, read as Number() reads the text ("" is 0, " 5 " is 5, "1e3" is
 * 1000); absent, none. `unit` names what it counts in the message ("of years").
 */
export function wholeNumberKey(rule: {
  min: number;
  max: number;
  fallback: number;
  unit?: string;
}): ListKey<number | undefined> {
  const { min, max, fallback, unit } = rule;
  return {
    must: `a whole number${unit ? ` of ${unit}` : ""} from ${min} to ${max}`,
    fallback,
    read: (text) => {
      if (text === undefined) return undefined;
      const value = Number(text);
      return Number.isInteger(value) && value >= min && value <= max ? value : REFUSED;
    },
  };
}

/** "true" or "false" in any letter case; absent, none. */
export function booleanKey(fallback = false): ListKey<boolean | undefined> {
  return {
    must: "true or false",
    fallback,
    read: (text) => {
      if (text === undefined) return undefined;
      const lower = text.toLowerCase();
      return lower === "true" ? true : lower === "false" ? false : REFUSED;
    },
  };
}

/** One of `values`, written exactly; absent, the fallback (for the API too). */
export function oneOfKey<const V extends string>(
  values: readonly V[],
  fallback: NoInfer<V>,
  must = `one of: ${values.join(", ")}`,
): ListKey<V> {
  return {
    must,
    fallback: fallback as Exclude<V, undefined>,
    read: (text) => (text === undefined ? fallback : values.includes(text as V) ? (text as V) : REFUSED),
  };
}

/** "all" or one of `values`; absent, "all". */
export function allOrOneOfKey<const V extends string>(values: readonly V[]): ListKey<V | "all"> {
  return oneOfKey<V | "all">(["all", ...values], "all", `'all' or one of: ${values.join(", ")}`);
}

/** The key, but the API reads its absence as none (undefined); the page still shows the fallback. */
export function optional<T>(key: ListKey<T>): ListKey<T | undefined> {
  return { ...key, read: (text) => (text === undefined ? undefined : key.read(text)) };
}

/** The last page number a list of `pageSize` rows may name: its first row is at most OFFSET_MAX. */
export function pageMaxOf(pageSize: number): number {
  return Math.floor(OFFSET_MAX / pageSize) + 1;
}

/** ?page=: a whole number from 1 to pageMaxOf(pageSize); 1 when absent or empty. */
export function pageKey(pageSize: number): ListKey<number> {
  const number = wholeNumberKey({ min: 1, max: pageMaxOf(pageSize), fallback: 1 });
  return {
    must: number.must,
    fallback: 1,
    // An empty ?page= is no page, as an empty ?offset= is offset 0 for the API.
    read: (text) => (text === undefined || text === "" ? 1 : (number.read(text) as number | typeof REFUSED)),
  };
}

/**
 * The nuqs parser of key `name`: a text the API accepts, as the page holds it (text as written, so
 * a search box keeps its spaces; numbers and booleans as read), or null (the fallback).
 */
export function parserOf<T>(name: string, key: ListKey<T>) {
  return createParser<Exclude<T, undefined>>({
    parse: (text) => {
      const reading = readKey(name, key, text);
      if (!reading.ok || reading.value === undefined) return null;
      return (typeof reading.value === "string" ? text : reading.value) as Exclude<T, undefined>;
    },
    serialize: (value) => String(value),
  }).withDefault(key.fallback as NonNullable<Exclude<T, undefined>>);
}

type ParserOf<K> = ReturnType<typeof parserOf<ApiValue<K>>>;
export type ListParsers<K extends ListKeys> = { [N in keyof K]: ParserOf<K[N]> } & {
  page: ParserOf<ListKey<number>>;
};

/** The nuqs parsers of a list: its keys, and ?page= for its page size. */
export function listParsers<K extends ListKeys>(keys: K, pageSize: number): ListParsers<K> {
  const all: ListKeys = { ...keys, page: pageKey(pageSize) };
  return Object.fromEntries(
    Object.entries(all).map(([name, key]) => [name, parserOf(name, key)]),
  ) as ListParsers<K>;
}

/**
 * Whether `text` has at most `max` characters, counted as code points (an emoji is one, as zod's
 * max() counts them), so a search box and the API agree on what is too long.
 */
function atMost(text: string, max: number): boolean {
  return text.length <= max || [...text].length <= max;
}

/** Searches longer than this are refused: no name is that long, and it bounds the ILIKE pattern. */
export const SEARCH_MAX = 200;

/** ?q=, every list's search box: at most SEARCH_MAX characters; the API reads it trimmed, blank as none. */
export const searchKey: ListKey<string | undefined> = {
  must: `at most ${SEARCH_MAX} characters`,
  fallback: "",
  read: (text) =>
    text === undefined ? undefined : !atMost(text, SEARCH_MAX) ? REFUSED : text.trim() || undefined,
};

/**
 * A name of one of the study lists in settings (levels, fields), or "all": any text of at most 100
 * characters, since the lists live in the database (a name not in them matches nothing).
 */
export const studyListKey = textKey({
  must: "at most 100 characters",
  accepts: (text) => atMost(text, 100),
  fallback: "all",
});

/** ?<name>=: a row's id (a positive 32-bit whole number); absent or 0, any. */
export const idKey = wholeNumberKey({ min: 1, max: 2_147_483_647, fallback: 0 });

/** A day written YYYY-MM-DD; "" (the page's value when absent) means any. */
export const dayKey = textKey({
  must: "a date written YYYY-MM-DD",
  accepts: (text) => isDay(text),
  fallback: "",
});

/** YYYY-MM-DD naming a day of the calendar (not 2025-02-30). */
export function isDay(text: string) {
  const day = new Date(`${text}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text)
  );
}

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

/** ?country=: a two-letter country code (any letter case) or "all". */
export const countryKey = textKey({
  must: "a two-letter country code or 'all'",
  accepts: (text) => /^(all|[A-Za-z]{2})$/.test(text),
  fallback: "all",
});
/** ?cost=: maximum yearly tuition in USD; 0 means no limit. */
const country = countryKey;
const cost = wholeNumberKey({ min: 0, max: TUITION_SLIDER.max, fallback: TUITION_SLIDER.min });

/** /universities/search and GET /api/universities (/admin/universities reads its ?q=). */
export const universitySearchKeys = {
  country,
  level: studyListKey,
  field: optional(allOrOneOfKey(SEARCH_FIELDS)),
  q: searchKey,
  cost,
  sort: oneOfKey(SORTS, "ranking"),
};

/** /programs: level and field are names of the database's study lists. */
export const programSearchKeys = {
  q: searchKey,
  country,
  level: studyListKey,
  field: studyListKey,
  degree: optional(allOrOneOfKey(DEGREES)),
  /** Years; 0 means any. */
  duration: wholeNumberKey({ min: 1, max: Math.max(...DURATIONS), fallback: 0, unit: "years" }),
  cost,
  /** Deadline on or after this day (UTC); "" means any. */
  from: dayKey,
  /** Only programs whose deadline has not passed. */
  open: booleanKey(),
  /** The fit filters (lib/programs/fit-filters.ts): qualify and budget read the student's profile. */
  qualify: booleanKey(),
  budget: booleanKey(),
  visa: booleanKey(),
  sort: oneOfKey(PROGRAM_SORTS, "deadline"),
};

export const universitySearchParsers = listParsers(universitySearchKeys, SEARCH_PAGE_SIZE);
export const programSearchParsers = listParsers(programSearchKeys, SEARCH_PAGE_SIZE);
/** ?q=&page= of the admin lists (each reads its own select's key as plain text). */
export const adminListParsers = listParsers({ q: searchKey }, LIST_PAGE_SIZE);
