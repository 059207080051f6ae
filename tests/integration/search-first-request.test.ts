import { NextRequest } from "next/server";
import IncrementalCacheHandler from "@/lib/cache/incremental-handler";
import { cachedSearchPath } from "@/lib/cache/search-pages";
import { dropStore, pageEntry, pageKey, serverDistDir, useFreshMemoryStore } from "../support/cache";

// proxy.ts sends a search page's request to its cached route from the search's second request on
// (lib/cache/search-pages.ts): the first is rendered for itself, and prefetches do not count.

let proxy: typeof import("@/proxy").proxy;
let distDir: string;
/** Next's cache handler, as the server makes it: it records the pages it stores. */
let handler: IncrementalCacheHandler;

beforeAll(async () => {
  ({ proxy } = await import("@/proxy"));
  distDir = serverDistDir("search-first-request");
});

beforeEach(() => {
  useFreshMemoryStore();
  handler = new IncrementalCacheHandler({ serverDistDir: distDir });
});

afterAll(dropStore);

/** Where proxy.ts sends a GET of `path`: the cached route it rewrites to, or null for the page. */
async function routeOf(path: string, headers: Record<string, string> = {}): Promise<string | null> {
  const response = await proxy(new NextRequest(`http://127.0.0.1:3000${path}`, { headers }));
  expect(response.status).toBe(200);
  const rewrite = response.headers.get("x-middleware-rewrite");
  return rewrite && new URL(rewrite, "http://127.0.0.1:3000").pathname;
}

const cachedRoute = (path: string) => {
  const url = new URL(path, "http://127.0.0.1:3000");
  return cachedSearchPath(url.pathname, url.searchParams);
};

test("a search's first request is the page's own; from its second on, its cached route", async () => {
  const search = "/universities/search?country=FR&level=PhD";
  expect(await routeOf(search)).toBeNull();
  expect(await routeOf(search)).toBe(cachedRoute(search));
  // The same search in another order, or as a client navigation (_rsc), is the same search.
  expect(await routeOf("/universities/search?level=PhD&country=FR&_rsc=1x2y")).toBe(cachedRoute(search));
  expect(await routeOf("/programs?country=FR")).toBeNull();
  expect(await routeOf("/programs?country=FR")).toBe(cachedRoute("/programs?country=FR"));
});

test("a prefetch neither counts as a request nor goes to a cached route not rendered yet", async () => {
  const search = "/universities/search?country=JP";
  const prefetches: Record<string, string>[] = [
    { "next-router-prefetch": "1" },
    { "next-router-segment-prefetch": "/_tree" },
  ];
  for (const headers of prefetches) {
    expect(await routeOf(search, { rsc: "1", ...headers })).toBeNull();
  }
  expect(await routeOf(search)).toBeNull();
  // Nor does a prefetch render the search into the cache: only a request does.
  expect(await routeOf(search, { rsc: "1", "next-router-prefetch": "1" })).toBeNull();
  expect(await routeOf(search)).toBe(cachedRoute(search));
});

test("a search whose page the cache holds goes to it at once (another server rendered it)", async () => {
  const search = "/universities/search?q=tech";
  await handler.set(pageKey(cachedRoute(search)!), pageEntry("university-lists"), {
    cacheControl: { revalidate: 60, expire: 3600 },
  });
  expect(await routeOf(search)).toBe(cachedRoute(search));
});

test("other pages are never rewritten, however often they are asked for", async () => {
  for (const path of ["/university/some-university", "/universities/search/extra", "/"]) {
    expect(await routeOf(path)).toBeNull();
    expect(await routeOf(path)).toBeNull();
  }
});
