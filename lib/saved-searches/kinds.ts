import { programSearchKeys, readKey, universitySearchKeys, type ListKeys } from "@/lib/list-keys";
import { scholarshipSearchKeys } from "@/lib/scholarships/search-keys";

// The searches a student can save, each with its page and its filters (the keys its page and
// API read, lib/list-keys.ts). A saved search holds the filters in one canonical form: each
// filter as the search's own parse reads it (the API's reading: text trimmed, a country code in
// capitals), the ones at their default left out, in alphabetical order, without the sort and the
// page (how the results are shown, not which). So the same search written two ways is one saved
// search, and what is stored is always a search the page would run. A new search page adds its
// kind here and to the SavedSearchKind enum of the schema.

export const SAVED_SEARCH_KINDS = ["universities", "programs", "scholarships"] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];

interface KindDefinition {
  /** The search page. */
  path: string;
  /** What the search lists, in a sentence: "Programs", "Universities". */
  label: string;
  /** The filters of the search (sort and page are not filters). */
  keys: ListKeys;
}

const withoutSort = ({ sort: _sort, ...filters }: ListKeys) => filters;

export const SAVED_SEARCH_KIND_DEFINITIONS: Record<SavedSearchKind, KindDefinition> = {
  universities: {
    path: "/universities/search",
    label: "Universities",
    keys: withoutSort(universitySearchKeys),
  },
  programs: { path: "/programs", label: "Programs", keys: withoutSort(programSearchKeys) },
  scholarships: { path: "/scholarships", label: "Scholarships", keys: withoutSort(scholarshipSearchKeys) },
};

export type CanonicalSearch =
  { ok: true; query: string; filters: Record<string, string> } | { ok: false; message: string };

/** Keys whose value is a country code, written in capitals. */
const COUNTRY_KEYS = new Set(["country", "nationality"]);

/** A value as the canonical form writes it: a country code in capitals, the rest as the parse gives it. */
function canonicalValue(name: string, value: unknown): string {
  const text = String(value);
  return COUNTRY_KEYS.has(name) ? text.toUpperCase() : text;
}

/**
 * The canonical query string of a search's parameters (a query string, with or without "?"), or
 * the message the search's API gives for a filter it refuses. Parameters that are no filter of
 * the search (sort, page, anything else) are dropped; a repeated one counts by its last value, as
 * the search reads it.
 */
export function canonicalSearch(kind: SavedSearchKind, search: string | URLSearchParams): CanonicalSearch {
  const params = typeof search === "string" ? new URLSearchParams(search.replace(/^\?/, "")) : search;
  const { keys } = SAVED_SEARCH_KIND_DEFINITIONS[kind];
  const filters: Record<string, string> = {};
  for (const name of Object.keys(keys).sort()) {
    const key = keys[name]!;
    const reading = readKey(name, key, params.getAll(name).at(-1));
    if (!reading.ok) return { ok: false, message: reading.message };
    const value = reading.value;
    if (value === undefined || value === key.fallback || value === "all") continue;
    filters[name] = canonicalValue(name, value);
  }
  return { ok: true, query: new URLSearchParams(filters).toString(), filters };
}

/**
 * The filters of a canonical query string as the search's API reads them (the values its criteria
 * are made from: toProgramCriteria, toSearchCriteria); a stored query is canonical, so none is refused.
 */
export function searchValues(kind: SavedSearchKind, query: string): Record<string, unknown> {
  const params = new URLSearchParams(query);
  const { keys } = SAVED_SEARCH_KIND_DEFINITIONS[kind];
  const values: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(keys)) {
    const reading = readKey(name, key, params.get(name) ?? undefined);
    if (reading.ok && reading.value !== undefined) values[name] = reading.value;
  }
  return values;
}

/** The address of a saved search: its page with its filters. */
export function savedSearchPath(kind: SavedSearchKind, query: string): string {
  const { path } = SAVED_SEARCH_KIND_DEFINITIONS[kind];
  return query ? `${path}?${query}` : path;
}

/** The filters in words, for lists and e-mails: "country DE, level Master, open only". */
export function describeSearch(kind: SavedSearchKind, query: string): string {
  const params = new URLSearchParams(query);
  const parts: string[] = [];
  for (const [name, value] of params) {
    if (name === "q") parts.push(`"${value}"`);
    else if (name === "open") parts.push("still open");
    else if (name === "cost") parts.push(`tuition up to ${Number(value).toLocaleString("en-US")} USD`);
    else if (name === "from") parts.push(`deadline from ${value}`);
    else if (name === "duration") parts.push(`${value} years`);
    else if (name === "nationality") parts.push(`open to nationality ${value}`);
    else if (name === "grade") parts.push(`for a grade of ${value}`);
    else if (name === "university") parts.push(`of university #${value}`);
    else parts.push(`${name} ${value}`);
  }
  const label = SAVED_SEARCH_KIND_DEFINITIONS[kind].label;
  return parts.length ? `${label}: ${parts.join(", ")}` : `${label}: all`;
}
