import { route } from "@/lib/http/route.server";
import { XML_HEADERS, sitemapChunkUrl, sitemapIds, sitemapIndexXml } from "@/lib/seo/sitemaps.server";

// The sitemap index at /sitemap.xml, listing the chunks /sitemaps/{id}.xml (see lib/seo/sitemaps.server.ts).
// Read from the database on request (route() reads the request, so it is never prerendered).
export const GET = route({
  auth: "public",
  handle: async () => {
    const ids = await sitemapIds();
    return new Response(sitemapIndexXml(ids.map((id) => sitemapChunkUrl(id))), { headers: XML_HEADERS });
  },
});
