import { PublicShell } from "@/components/layout/public-shell";
import { RatesProvider } from "@/components/money/display-currency";
import { cachedIsDemoDatabase, cachedPlatformName, cachedRates } from "@/lib/cache/reads.server";

// The frame of the public pages, the same for every visitor: cached with the settings it shows.
export default async function PublicLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [platformName, demoData, rates] = await Promise.all([
    cachedPlatformName(),
    cachedIsDemoDatabase(),
    cachedRates(),
  ]);
  return (
    <PublicShell platformName={platformName} demoData={demoData}>
      {/* The latest exchange rates, for the amounts' approximations in the visitor's currency. */}
      <RatesProvider rates={rates}>{children}</RatesProvider>
    </PublicShell>
  );
}
