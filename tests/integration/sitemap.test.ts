import { GET as getSitemapIndex } from "@/app/sitemap.xml/route";
import { GET as getSitemap } from "@/app/sitemaps/[file]/route";
import robots from "@/app/robots";
import { prisma } from "@/lib/db/client.server";
import { env } from "@/lib/env.server";
import {
  SITEMAP_URL_LIMIT,
  STATIC_SITEMAP_PATHS,
  sitemapEntries,
  sitemapIds,
} from "@/lib/seo/sitemaps.server";

// robots() marks itself as rendered per request; outside Next there is no request to mark.
jest.mock("next/server", () => ({ ...jest.requireActual("next/server"), connection: async () => undefined }));

// The sitemaps against the seeded database (10,251 universities), through the functions and
// through the two route handlers that serve them. Read-only: other files' rows come and go.

const none = { params: Promise.resolve({}) };
/** Universities other test files create (and delete) while this one runs carry such a tag. */
const TEST_ROW = /(^|-)t[0-9a-f]{8}(-|$)/;
const universityPrefix = `${env.APP_URL}/university/`;

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replaceAll("&#38;", "&"));
}

test("every university page is in exactly one sitemap, at most 50,000 URLs each, all absolute", async () => {
  const seeded = await prisma.university.findMany({ select: { slug: true } });
  const ids = await sitemapIds();
  expect(ids).toEqual(ids.map((_, i) => i));

  const urls: string[] = [];
  for (const id of ids) {
    const entries = await sitemapEntries(id);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(SITEMAP_URL_LIMIT);
    for (const { url } of entries) expect(new URL(url).origin).toBe(new URL(env.APP_URL).origin);
    urls.push(...entries.map((e) => e.url));
  }

  // Sitemap 0 starts with the static pages.
  expect(urls.slice(0, STATIC_SITEMAP_PATHS.length)).toEqual(
    STATIC_SITEMAP_PATHS.map((path) => new URL(path, env.APP_URL).toString()),
  );
  expect(STATIC_SITEMAP_PATHS).toContain("/programs");
  const slugs = urls
    .filter((u) => u.startsWith(universityPrefix))
    .map((u) => u.slice(universityPrefix.length));
  expect(urls).toHaveLength(STATIC_SITEMAP_PATHS.length + slugs.length);
  expect(new Set(urls).size).toBe(urls.length);

  const expected = seeded.map((u) => u.slug).filter((slug) => !TEST_ROW.test(slug));
  expect(expected.length).toBeGreaterThanOrEqual(10_251);
  const listed = new Set(slugs);
  expect(expected.filter((slug) => !listed.has(slug))).toEqual([]);
});

test("a university's lastmod is its last change", async () => {
  const mit = await prisma.university.findUniqueOrThrow({
    where: { slug: "massachusetts-institute-of-technology" },
    select: { slug: true, updatedAt: true },
  });
  const entries = (await Promise.all((await sitemapIds()).map((id) => sitemapEntries(id)))).flat();
  const entry = entries.find((e) => e.url === `${universityPrefix}${mit.slug}`);
  expect(entry?.lastModified).toEqual(mit.updatedAt);
});

test("GET /sitemap.xml is an index of the chunks, each served as a urlset", async () => {
  const response = await getSitemapIndex(new Request("http://localhost/sitemap.xml"), none);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
  const index = await response.text();
  expect(index).toMatch(/<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
  const chunks = locs(index);
  expect(chunks).toEqual((await sitemapIds()).map((id) => `${env.APP_URL}/sitemaps/${id}.xml`));

  const chunk = await getSitemap(new Request(chunks[0]), { params: Promise.resolve({ file: "0.xml" }) });
  expect(chunk.status).toBe(200);
  const xml = await chunk.text();
  expect(xml).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
  expect(locs(xml)).toContain(`${universityPrefix}massachusetts-institute-of-technology`);
  expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/);
});

test.each(["1.xml", "-1.xml", "0", "0.json", "00.xml", "abc"])("GET /sitemaps/%s is a 404", async (file) => {
  const response = await getSitemap(new Request(`http://localhost/sitemaps/${file}`), {
    params: Promise.resolve({ file }),
  });
  expect(response.status).toBe(404);
});

test("robots.txt allows the site, keeps crawlers out of private areas and names the index", async () => {
  const rules = await robots();
  expect(rules.rules).toEqual({
    userAgent: "*",
    allow: "/",
    disallow: ["/admin", "/user", "/apply", "/api"],
  });
  expect(rules.sitemap).toBe(`${env.APP_URL}/sitemap.xml`);
});
