import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route.server";
import { XML_HEADERS, sitemapEntries, sitemapIds, urlsetXml } from "@/lib/seo/sitemaps.server";
import { sitemapParamsSchema } from "@/lib/validation/files";

// Sitemap chunk {id} at /sitemaps/{id}.xml, at most 50,000 URLs (see lib/seo/sitemaps.server.ts).
export const GET = route({
  auth: "public",
  params: sitemapParamsSchema,
  handle: async ({ params: { id } }) => {
    if (id === null || !(await sitemapIds()).includes(id)) throw notFound("No such sitemap.");
    return new Response(urlsetXml(await sitemapEntries(id)), { headers: XML_HEADERS });
  },
});
