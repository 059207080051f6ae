import Link from "next/link";
import { type CountryEntry, FilterOptionsProvider } from "@/components/search/filter-options";
import { ProgramSearchFilters } from "@/components/search/program-search-filters";
import { SearchFrame } from "@/components/search/search-page-parts";
import { PrerenderedSearchParams } from "@/components/search/prerendered-search-params";
import { UrlStateLayout } from "@/components/search/url-state-layout";
import { cachedCountries, cachedStudyLists } from "@/lib/cache/reads.server";
import { WithRates } from "@/components/money/with-rates.server";

// The search's frame, filters and their options are the layout's: a filter change fetches the
// page (the results) only. Its searches are rendered as cached routes below it
// (lib/cache/search-pages.ts), where the filters read the search from the route's address.
export default async function ProgramSearchLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [countries, { levels, fields }] = await Promise.all([cachedCountries(), cachedStudyLists()]);
  return (
    <UrlStateLayout>
      <PrerenderedSearchParams>
        <FilterOptionsProvider
          countries={countries.map(({ code, name }): CountryEntry => [code, name])}
          levels={levels}
          fields={fields}
        >
          <SearchFrame
            title="Program search"
            intro={
              <>
                Funding too?{" "}
                <Link
                  href="/scholarships"
                  className="font-medium text-brand-700 underline underline-offset-4"
                >
                  Search scholarships
                </Link>{" "}
                by nationality, level and field.
              </>
            }
            filters={
              <div className="sticky top-20">
                <ProgramSearchFilters idPrefix="sidebar" />
              </div>
            }
          >
            <WithRates>{children}</WithRates>
          </SearchFrame>
        </FilterOptionsProvider>
      </PrerenderedSearchParams>
    </UrlStateLayout>
  );
}
