// The "load" part of `npm run bench`: autocannon against the production server, which runs in a
// process of its own, one scenario at a time.
import autocannon from "autocannon";
import { SEARCH_FIELDS, STUDY_LEVELS } from "@/lib/constants";
import type { LoadResult } from "./summary";

export interface LoadScenario {
  name: string;
  /** One path, or a spread that the connections go through in turn. */
  paths: string[];
  headers?: Record<string, string>;
  /** False for a scenario whose paths must be first visits: its warm-up would visit them. */
  warmUp?: boolean;
}

/** The route that does no work (a short text, no database): the ceiling of this server. */
export const REFERENCE = "reference: /robots.txt";

const WORDS = [
  "tech",
  "state",
  "national",
  "medical",
  "science",
  "art",
  "city",
  "north",
  "open",
  "institute",
];
const COUNTRIES = ["US", "DE", "IN", "FR", "BR", "JP", "GB", "CN", "MX", "IT"];
const SORTS = ["ranking", "name", "tuition"];

/**
 * Distinct search queries, deterministic: each index is one combination of a word, a country, a
 * level (or none), a sort and a field (or none), so up to 7,200 of them.
 */
export function distinctSearches(count: number): string[] {
  const levels = ["", ...STUDY_LEVELS];
  const fields = ["", ...SEARCH_FIELDS.slice(0, 5)];
  const limit = WORDS.length * COUNTRIES.length * levels.length * SORTS.length * fields.length;
  if (count > limit) throw new Error(`At most ${limit} distinct searches`);
  return Array.from({ length: count }, (_, i) => {
    const digit = (base: number, below: number) => Math.floor(i / below) % base;
    const params = new URLSearchParams({ q: WORDS[digit(10, 1)], country: COUNTRIES[digit(10, 10)] });
    const level = levels[digit(levels.length, 100)];
    if (level) params.set("level", level);
    const field = fields[digit(fields.length, 1200)];
    if (field) params.set("field", field);
    params.set("sort", SORTS[digit(SORTS.length, 400)]);
    return params.toString();
  });
}

/** Distinct searches per load run (connection count), none asked for in another run. */
export const DISTINCT_PER_RUN = 2_000;
/** Connection counts that get distinct searches of their own; the render part takes later ones. */
export const MAX_DISTINCT_RUNS = 3;

/**
 * The search scenarios (also what --scale repeats at two sizes) of the `run`th connection count.
 * The distinct searches are first requests: a set of their own for each run, and no warm-up.
 */
export function searchScenarios(run: number): LoadScenario[] {
  if (run >= MAX_DISTINCT_RUNS) throw new Error(`At most ${MAX_DISTINCT_RUNS} connection counts`);
  const distinct = distinctSearches((run + 1) * DISTINCT_PER_RUN).slice(run * DISTINCT_PER_RUN);
  return [
    { name: "API: /api/universities?country=DE&limit=20", paths: ["/api/universities?country=DE&limit=20"] },
    { name: "search page, repeated: ?country=DE", paths: ["/universities/search?country=DE"] },
    {
      name: "search page, repeated: q=tech, Master's, by tuition",
      paths: ["/universities/search?q=tech&level=Master%27s&sort=tuition"],
    },
    {
      name: "search page, 2000 distinct queries",
      paths: distinct.map((query) => `/universities/search?${query}`),
      warmUp: false,
    },
  ];
}

/**
 * Every scenario of the `run`th connection count; `slugs` are universities nobody has visited yet
 * (a set for each run): their pages are measured on first visits (each rendered), then at once
 * again (cached).
 */
export function allScenarios(slugs: string[], sessionCookie: string, run: number): LoadScenario[] {
  const universityPages = slugs.map((slug) => `/university/${slug}`);
  return [
    { name: REFERENCE, paths: ["/robots.txt"] },
    { name: "home", paths: ["/"] },
    ...searchScenarios(run),
    { name: "program search, repeated: ?country=DE", paths: ["/programs?country=DE"] },
    {
      // The student's own search (never cached): rendered for each request, with their profile.
      name: "program search, fit filters, signed in: ?country=DE",
      paths: ["/programs?country=DE&qualify=true&budget=true&visa=true"],
      headers: { Cookie: sessionCookie },
    },
    { name: `university pages, ${slugs.length} slugs, first visits`, paths: universityPages, warmUp: false },
    { name: `university pages, the same ${slugs.length}, cached`, paths: universityPages },
    { name: "GET /api/user, signed in", paths: ["/api/user"], headers: { Cookie: sessionCookie } },
  ];
}

/** Runs one scenario for `duration` seconds with `connections` connections. */
export function runScenario(
  url: string,
  scenario: LoadScenario,
  connections: number,
  duration: number,
): Promise<LoadResult> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        headers: { "Accept-Encoding": "gzip, br", ...scenario.headers },
        requests: [
          {
            setupRequest: (request) => ({ ...request, path: scenario.paths[next++ % scenario.paths.length] }),
          },
        ],
        timeout: 30,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}
