import type { Metadata, Viewport } from "next";
import { LazyToaster } from "@/components/layout/lazy-toaster";
import { ShortlistSync } from "@/components/shortlist/shortlist-sync";
import { env } from "@/lib/env.server";
import { cachedPlatformName } from "@/lib/cache/reads.server";
import "./globals.css";

// Page titles carry the platform name of /admin/settings, from the cache its edits expire.
export async function generateMetadata(): Promise<Metadata> {
  const name = await cachedPlatformName();
  return {
    metadataBase: new URL(env.APP_URL),
    applicationName: name,
    title: { default: `${name}: Your Journey to Global Education`, template: `%s | ${name}` },
    description: "Search and apply to top universities around the world.",
    openGraph: { siteName: name },
  };
}

export const viewport: Viewport = { themeColor: "#1d4ed8" };

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        {children}
        <ShortlistSync />
        {/* The polite live region of lib/a11y/focus.ts `announce`: there from the first paint, as a
            region added together with its text is not read. */}
        <div id="announcer" role="status" aria-live="polite" className="sr-only" />
        {/* At most one toast at a time, shown for 5 s: several at once would bury each other. */}
        <LazyToaster visibleToasts={1} duration={5000} richColors closeButton />
      </body>
    </html>
  );
}
