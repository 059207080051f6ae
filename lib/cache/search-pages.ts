import { PROFILE_FIT_FILTERS } from "@/lib/programs/fit-filters";

// The search pages are cached like the university pages. Their input is the query string, which
// keeps a page dynamic (rendered on every request), so proxy.ts rewrites
// /universities/search?<query> to /universities/search/q/<query, base64url>: a route whose page is
// rendered once per distinct search and then served from the cache until a write expires its tags
// (lib/cache/tags.server.ts) or its revalidation time ends. The visitor's address does not change. A
// search's first request is not rewritten: most are never asked again, and the page itself renders
// faster than its cached route (proxy.ts, goesToCachedRoute).

/** The search pages that are cached this way, each with a `q/[query]` route beside its page. */
export const CACHED_SEARCH_PAGES = ["/universities/search", "/programs", "/scholarships"] as const;

/** Longer query strings are rendered per request: nobody shares them, so caching them is waste. */
export const MAX_CACHED_QUERY_LENGTH = 512;

/**
 * Parameters that make a search the visitor's own: the program search's fit filters that read the
 * signed-in student's profile (lib/programs/fit-filters.ts). Such a search is rendered for its
 * visitor on every request, never cached, and no cached route stands for one.
 */
export const PERSONAL_PARAMETERS: readonly string[] = PROFILE_FIT_FILTERS;

/** The segment of a search without parameters. */
const EMPTY = "-";

/** Next's cache-busting parameter of client navigations: not part of the search. */
export const RSC_PARAMETER = "_rsc";

/**
 * The cached route of a search page request, or null when the request is not for a cached search
 * page. Parameters are sorted by name (a stable sort keeps a repeated one's values in order), so
 * the same search in another order is the same entry.
 */
export function cachedSearchPath(pathname: string, searchParams: URLSearchParams): string | null {
  if (!(CACHED_SEARCH_PAGES as readonly string[]).includes(pathname)) return null;
  const segment = segmentOf(searchParams);
  return segment === null ? null : `${pathname}/q/${segment}`;
}

/**
 * The cached route's segment of a search's parameters, or null for a query too long to cache or a
 * personal one.
 */
function segmentOf(searchParams: URLSearchParams): string | null {
  if (PERSONAL_PARAMETERS.some((name) => searchParams.has(name))) return null;
  const entries = [...searchParams]
    .filter(([name]) => name !== RSC_PARAMETER)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(entries).toString();
  if (query.length > MAX_CACHED_QUERY_LENGTH) return null;
  return query ? toBase64Url(query) : EMPTY;
}

/**
 * Whether a cached route's segment is one proxy.ts makes: the segment of the search it decodes to.
 * Any other (typed by hand, broken base64, parameters out of order) is the 404 page, so that junk
 * addresses neither render a search nor add entries to the cache.
 */
export function isCanonicalSegment(segment: string): boolean {
  if (segment === EMPTY) return true;
  let query: string;
  try {
    query = fromBase64Url(segment);
  } catch {
    return false;
  }
  return query !== "" && segmentOf(new URLSearchParams(query)) === segment;
}

/** The query string a cached route's segment stands for ("" for none, or for a broken segment). */
export function queryOfSegment(segment: string): string {
  if (segment === EMPTY) return "";
  try {
    return fromBase64Url(segment);
  } catch {
    return "";
  }
}

/**
 * The query string a cached route stands for, from the segments below its search page's layout
 * (`useSelectedLayoutSegments()` there: ["q", "<query>"]), or null when they are not a cached
 * route's (components/search/prerendered-search-params.tsx reads it while rendering one).
 */
export function queryOfCachedSegments(segments: readonly string[]): string | null {
  return segments.length === 2 && segments[0] === "q" ? queryOfSegment(segments[1]) : null;
}

// Base64url of UTF-8 with the functions browsers and Node share: this module is also bundled for
// the browser, which has no Buffer.
function toBase64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join("");
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(segment: string): string {
  const binary = atob(segment.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The search parameters a cached route's segment stands for, as a page's `searchParams` gives them. */
export function searchParamsOfSegment(segment: string): Record<string, string | string[]> {
  const query = queryOfSegment(segment);
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const previous = params[name];
    params[name] = previous === undefined ? value : [...[previous].flat(), value];
  }
  return params;
}
