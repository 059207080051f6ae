import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/layout/not-found-message";
import { PublicShell } from "@/components/layout/public-shell";
import { cachedIsDemoDatabase, cachedPlatformName } from "@/lib/cache/reads.server";
import "./globals.css";

// The 404 of an address no route matches, rendered on its own (next.config.js globalNotFound):
// a root not-found.tsx would be the root layout's not-found boundary, whose content, this public
// frame with its header and footer, every page's payload carries whether it is shown or not.
// notFound() in a page shows its area's not-found.tsx, inside that area's frame.

export async function generateMetadata(): Promise<Metadata> {
  return { title: `404 Page Not Found | ${await cachedPlatformName()}` };
}

export default async function GlobalNotFound() {
  const [platformName, demoData] = await Promise.all([cachedPlatformName(), cachedIsDemoDatabase()]);
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <PublicShell platformName={platformName} demoData={demoData}>
          <NotFoundMessage />
        </PublicShell>
      </body>
    </html>
  );
}
