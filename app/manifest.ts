import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { cachedPlatformName } from "@/lib/cache/reads.server";

// The web app manifest (/manifest.webmanifest): the name of /admin/settings, read per request
// like the page titles (`next build` runs without a database), and the icons of app/.
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  await connection();
  const name = await cachedPlatformName();
  return {
    name,
    short_name: name,
    description: "Search and apply to top universities around the world.",
    start_url: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#1d4ed8",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/apple-icon.png", sizes: "180x180", type: "image/png" },
    ],
  };
}
