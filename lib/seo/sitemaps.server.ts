import "server-only";
import { env } from "@/lib/env.server";
import { CONTENT_PATHS } from "@/lib/resources/pages";
import { countUniversities, listUniversitySlugs } from "@/lib/universities/queries.server";
import { universityUrl } from "@/lib/universities/seo.server";

// The sitemaps: one list of URLs (the static public pages, then every university page in id
// order) cut into chunks of at most 50,000 URLs, the protocol's limit per file
// (https://www.sitemaps.org/protocol.html). app/sitemaps/[file]/route.ts serves chunk {id} at
// /sitemaps/{id}.xml and app/sitemap.xml/route.ts the index of the chunks at /sitemap.xml.
//
// Not app/sitemap.ts with generateSitemaps: Next serves those chunks at /sitemap/{id}.xml but
// writes no index, and a route handler at /sitemap.xml conflicts with app/sitemap.ts
// ("Conflicting route and metadata at /sitemap.xml").

export const SITEMAP_URL_LIMIT = 50_000;

/** Public pages that are not a university page, at the head of sitemap 0. */
export const STATIC_SITEMAP_PATHS: readonly string[] = [
  "/",
  "/universities/search",
  "/programs",
  "/scholarships",
  ...CONTENT_PATHS,
];

export interface SitemapEntry {
  url: string;
  lastModified?: Date;
}

/** How many chunks hold `urlCount` URLs: at least one, so that the index is never empty. */
export function sitemapChunkCount(urlCount: number, limit = SITEMAP_URL_LIMIT): number {
  return Math.max(1, Math.ceil(urlCount / limit));
}

/**
 * The part of the list that chunk `id` holds: a range of the static paths, then the offset and
 * number of universities (counted from the first university) that follow them.
 */
export function sitemapChunk(
  id: number,
  options: { limit?: number; staticCount?: number } = {},
): { staticPaths: { start: number; end: number }; universities: { offset: number; limit: number } } {
  const limit = options.limit ?? SITEMAP_URL_LIMIT;
  const staticCount = options.staticCount ?? STATIC_SITEMAP_PATHS.length;
  const start = id * limit;
  const end = start + limit;
  const offset = Math.max(0, start - staticCount);
  return {
    staticPaths: { start: Math.min(start, staticCount), end: Math.min(end, staticCount) },
    universities: { offset, limit: Math.max(0, end - staticCount - offset) },
  };
}

/** The ids of the sitemap chunks there are now: 0 to n - 1. */
export async function sitemapIds(): Promise<number[]> {
  const urlCount = STATIC_SITEMAP_PATHS.length + (await countUniversities());
  return Array.from({ length: sitemapChunkCount(urlCount) }, (_, id) => id);
}

/** The URLs of chunk `id`; empty for an id past the end. */
export async function sitemapEntries(id: number, baseUrl: string = env.APP_URL): Promise<SitemapEntry[]> {
  const { staticPaths, universities } = sitemapChunk(id);
  const pages: SitemapEntry[] = STATIC_SITEMAP_PATHS.slice(staticPaths.start, staticPaths.end).map(
    (path) => ({
      url: new URL(path, baseUrl).toString(),
    }),
  );
  if (universities.limit === 0) return pages;
  const rows = await listUniversitySlugs(universities);
  return [
    ...pages,
    ...rows.map((row) => ({ url: universityUrl(row.slug, baseUrl), lastModified: row.updatedAt })),
  ];
}

/** The address of chunk `id`. */
export function sitemapChunkUrl(id: number, baseUrl: string = env.APP_URL): string {
  return new URL(`/sitemaps/${id}.xml`, baseUrl).toString();
}

/** The address of the sitemap index, as robots.txt announces it. */
export function sitemapIndexUrl(baseUrl: string = env.APP_URL): string {
  return new URL("/sitemap.xml", baseUrl).toString();
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** A <urlset> document. */
export function urlsetXml(entries: SitemapEntry[]): string {
  const urls = entries.map(({ url, lastModified }) =>
    lastModified
      ? `<url><loc>${escapeXml(url)}</loc><lastmod>${lastModified.toISOString()}</lastmod></url>`
      : `<url><loc>${escapeXml(url)}</loc></url>`,
  );
  return [XML_HEADER, `<urlset xmlns="${NAMESPACE}">`, ...urls, "</urlset>", ""].join("\n");
}

/** A <sitemapindex> document listing the given sitemaps. */
export function sitemapIndexXml(sitemapUrls: string[]): string {
  const sitemaps = sitemapUrls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`);
  return [XML_HEADER, `<sitemapindex xmlns="${NAMESPACE}">`, ...sitemaps, "</sitemapindex>", ""].join("\n");
}

export const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=0, must-revalidate",
} as const;
