import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { sitemapIndexUrl } from "@/lib/seo/sitemaps.server";

// Rendered per request (connection()), so that the sitemap address follows the APP_URL the server
// runs with, not the build's.
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/admin", "/user", "/apply", "/api"] },
    sitemap: sitemapIndexUrl(),
  };
}
