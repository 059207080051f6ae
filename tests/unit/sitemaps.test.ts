import {
  SITEMAP_URL_LIMIT,
  STATIC_SITEMAP_PATHS,
  sitemapChunk,
  sitemapChunkCount,
  sitemapChunkUrl,
  sitemapIndexXml,
  urlsetXml,
} from "@/lib/seo/sitemaps.server";

// The chunking with small numbers; tests/integration/sitemap.test.ts runs it on the seed.

describe("sitemapChunkCount", () => {
  test("50,000 URLs per sitemap, at least one sitemap", () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    expect(sitemapChunkCount(0)).toBe(1);
    expect(sitemapChunkCount(10_253)).toBe(1);
    expect(sitemapChunkCount(50_000)).toBe(1);
    expect(sitemapChunkCount(50_001)).toBe(2);
    expect(sitemapChunkCount(150_000)).toBe(3);
  });
});

describe("sitemapChunk", () => {
  test.each([
    [0, 1],
    [1, 1],
    [2, 3],
    [7, 3],
    [23, 5],
    [24, 5],
  ])(
    "covers %i universities after 2 static pages exactly once, at most 5 URLs each",
    (universities, limit) => {
      const staticCount = 2;
      const count = sitemapChunkCount(staticCount + universities, limit);
      const staticSeen: number[] = [];
      const universitySeen: number[] = [];
      for (let id = 0; id < count; id++) {
        const chunk = sitemapChunk(id, { limit, staticCount });
        const statics = chunk.staticPaths.end - chunk.staticPaths.start;
        const rows = Math.min(chunk.universities.limit, universities - chunk.universities.offset);
        expect(statics + chunk.universities.limit).toBeLessThanOrEqual(limit);
        for (let i = chunk.staticPaths.start; i < chunk.staticPaths.end; i++) staticSeen.push(i);
        for (let i = 0; i < rows; i++) universitySeen.push(chunk.universities.offset + i);
      }
      expect(staticSeen).toEqual([0, 1]);
      expect(universitySeen).toEqual(Array.from({ length: universities }, (_, i) => i));
    },
  );

  test("sitemap 0 starts with the static pages", () => {
    const count = STATIC_SITEMAP_PATHS.length;
    expect(sitemapChunk(0)).toEqual({
      staticPaths: { start: 0, end: count },
      universities: { offset: 0, limit: 50_000 - count },
    });
    expect(sitemapChunk(1)).toEqual({
      staticPaths: { start: count, end: count },
      universities: { offset: 50_000 - count, limit: 50_000 },
    });
  });

  test("the static pages include the pages behind the header and footer links, each once", () => {
    expect(STATIC_SITEMAP_PATHS).toEqual(
      expect.arrayContaining([
        "/resources",
        "/resources/choosing-a-program",
        "/about",
        "/contact",
        "/privacy",
        "/terms",
        "/cookie-policy",
      ]),
    );
    expect(new Set(STATIC_SITEMAP_PATHS).size).toBe(STATIC_SITEMAP_PATHS.length);
  });
});

test("XML documents escape their URLs", () => {
  const urlset = urlsetXml([
    { url: "https://u.example/a?b=1&c=2" },
    { url: "https://u.example/d", lastModified: new Date("2026-02-03T04:05:06Z") },
  ]);
  expect(urlset).toContain("<loc>https://u.example/a?b=1&#38;c=2</loc>");
  expect(urlset).toContain(
    "<url><loc>https://u.example/d</loc><lastmod>2026-02-03T04:05:06.000Z</lastmod></url>",
  );
  expect(urlset).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/,
  );

  const index = sitemapIndexXml([
    sitemapChunkUrl(0, "https://u.example"),
    sitemapChunkUrl(1, "https://u.example"),
  ]);
  expect(index).toContain("<sitemap><loc>https://u.example/sitemaps/0.xml</loc></sitemap>");
  expect(index).toContain("<sitemap><loc>https://u.example/sitemaps/1.xml</loc></sitemap>");
});
