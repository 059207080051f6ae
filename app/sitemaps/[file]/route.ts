import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { XML_HEADERS, sitemapEntries, sitemapIds, urlsetXml } from "@/lib/seo/sitemaps";

// Sitemap chunk {id} at /sitemaps/{id}.xml, at most 50,000 URLs (see lib/seo/sitemaps.ts).
export const dynamic = "force-dynamic";

export const GET = route<{ file: string }>(async (_request, context) => {
  const { file } = await context.params;
  const match = /^(0|[1-9]\d{0,5})\.xml$/.exec(file);
  const id = match ? Number(match[1]) : -1;
  if (!(await sitemapIds()).includes(id)) throw notFound("No such sitemap.");
  return new Response(urlsetXml(await sitemapEntries(id)), { headers: XML_HEADERS });
});
