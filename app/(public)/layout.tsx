import { PublicShell } from "@/components/layout/public-shell";
import { cachedIsDemoDatabase, cachedPlatformName } from "@/lib/cache/reads.server";

// The frame of the public pages, the same for every visitor: cached with the settings it shows.
export default async function PublicLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [platformName, demoData] = await Promise.all([cachedPlatformName(), cachedIsDemoDatabase()]);
  return (
    <PublicShell platformName={platformName} demoData={demoData}>
      {children}
    </PublicShell>
  );
}
