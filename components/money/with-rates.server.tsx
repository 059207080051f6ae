import "server-only";
import { RatesProvider } from "@/components/money/display-currency";
import { cachedRates } from "@/lib/cache/reads.server";

/**
 * The latest exchange rates for the amounts below it (their approximations in the visitor's
 * currency): only around the pages that show amounts, so that the others (home, the university
 * search) carry neither the rates nor the approximation's code.
 */
export async function WithRates({ children }: { children: React.ReactNode }) {
  return <RatesProvider rates={await cachedRates()}>{children}</RatesProvider>;
}
