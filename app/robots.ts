import type { MetadataRoute } from "next";
import { sitemapIndexUrl } from "@/lib/seo/sitemaps";

// Rendered per request, so that the sitemap address follows the APP_URL the server runs with.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/admin", "/user", "/apply", "/api"] },
    sitemap: sitemapIndexUrl(),
  };
}
