import {
  cachedSearchPath,
  isCanonicalSegment,
  MAX_CACHED_QUERY_LENGTH,
  queryOfCachedSegments,
  queryOfSegment,
  searchParamsOfSegment,
} from "@/lib/cache/search-pages";

const path = (url: string) => {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  return cachedSearchPath(pathname, searchParams);
};
const roundTrip = (url: string) => {
  const cached = path(url);
  if (!cached) throw new Error(`${url} has no cached route`);
  return searchParamsOfSegment(cached.split("/").pop()!);
};

describe("cached search routes", () => {
  it("sends both search pages, with or without a query, to their cached routes", () => {
    expect(path("/universities/search")).toBe("/universities/search/q/-");
    expect(path("/programs")).toBe("/programs/q/-");
    expect(path("/universities/search?country=DE")).toMatch(/^\/universities\/search\/q\/[A-Za-z0-9_-]+$/);
  });

  it("never caches a search that reads the visitor's profile, nor serves one from a cached route", () => {
    expect(path("/programs?qualify=true")).toBeNull();
    expect(path("/programs?budget=true&country=DE")).toBeNull();
    // The visa filter reads the program alone: cached like any other filter.
    expect(path("/programs?visa=true")).toMatch(/^\/programs\/q\/[A-Za-z0-9_-]+$/);
    const typedByHand = Buffer.from("qualify=true").toString("base64url");
    expect(isCanonicalSegment(typedByHand)).toBe(false);
  });

  it("leaves every other page alone", () => {
    for (const url of ["/", "/university/mit", "/universities", "/programs/q/-", "/universities/search/x"])
      expect(path(url)).toBeNull();
  });

  it("gives the page the same parameters, repeated ones and any characters included", () => {
    expect(
      roundTrip("/universities/search?q=%C3%A9cole%20%26%20co&level=Master%27s&level=PhD&page=2"),
    ).toEqual({
      q: "école & co",
      level: ["Master's", "PhD"],
      page: "2",
    });
    expect(roundTrip("/programs")).toEqual({});
  });

  it("makes one entry of a search whatever the order of its parameters, ignoring _rsc", () => {
    expect(path("/programs?country=FR&q=law&_rsc=abc")).toBe(path("/programs?q=law&country=FR"));
    expect(path("/programs?level=B&level=A")).not.toBe(path("/programs?level=A&level=B"));
  });

  it("renders very long queries per request instead of caching them", () => {
    expect(path(`/universities/search?q=${"a".repeat(MAX_CACHED_QUERY_LENGTH)}`)).toBeNull();
  });
});

describe("reading a cached route's segments", () => {
  it("gives the query of a cached search route, and null for any other segments", () => {
    const cached = path("/programs?q=%C3%A9cole&country=FR")!;
    const segments = cached.split("/").slice(2);
    expect(segments[0]).toBe("q");
    expect(queryOfCachedSegments(segments)).toBe("country=FR&q=%C3%A9cole");
    expect(queryOfCachedSegments(["q", "-"])).toBe("");
    expect(queryOfCachedSegments([])).toBeNull();
    expect(queryOfCachedSegments(["q"])).toBeNull();
    expect(queryOfCachedSegments(["x", "abc"])).toBeNull();
  });

  it("reads a broken segment as no query rather than failing", () => {
    expect(queryOfSegment("%%%")).toBe("");
    expect(queryOfSegment("_w")).toBe("");
  });
});

describe("which cached-route addresses are served", () => {
  const segmentOf = (url: string) => path(url)!.split("/").pop()!;

  it("serves the segments proxy.ts makes", () => {
    expect(isCanonicalSegment("-")).toBe(true);
    for (const url of ["/programs?q=%C3%A9cole&country=FR", "/universities/search?sort=name&page=2"]) {
      expect(isCanonicalSegment(segmentOf(url))).toBe(true);
    }
  });

  it("refuses any other segment: junk, broken base64 or UTF-8, parameters out of order", () => {
    const outOfOrder = btoa("q=x&country=FR").replace(/=+$/, "");
    for (const segment of ["junk!", "%%%", "_w", "", "AAAA", outOfOrder, btoa("a=1&_rsc=x")]) {
      expect(isCanonicalSegment(segment)).toBe(false);
    }
  });
});
