import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/layout/not-found-message";
import { PublicShell } from "@/components/layout/public-shell";
import { cachedIsDemoDatabase, cachedPlatformName } from "@/lib/cache/reads";

export const metadata: Metadata = { title: "404 Page Not Found" };

export default async function NotFound() {
  // This file sits outside app/(public), so it brings the public frame itself.
  return (
    <PublicShell platformName={await cachedPlatformName()} demoData={await cachedIsDemoDatabase()}>
      <NotFoundMessage />
    </PublicShell>
  );
}
