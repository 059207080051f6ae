import { type CountryEntry, FilterOptionsProvider } from "@/components/search/filter-options";
import { SearchFilters } from "@/components/search/search-filters";
import { Advert } from "@/components/search/advert";
import { SearchFrame } from "@/components/search/search-page-parts";
import { PrerenderedSearchParams } from "@/components/search/prerendered-search-params";
import { UrlStateLayout } from "@/components/search/url-state-layout";
import { cachedCountries, cachedStudyLists } from "@/lib/cache/reads.server";

// The search's frame, filters and their options are the layout's: a filter change fetches the
// page (the results) only. Its searches are rendered as cached routes below it
// (lib/cache/search-pages.ts), where the filters read the search from the route's address.
export default async function UniversitySearchLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [countries, { levels }] = await Promise.all([cachedCountries(), cachedStudyLists()]);
  return (
    <UrlStateLayout>
      <PrerenderedSearchParams>
        <FilterOptionsProvider
          countries={countries.map(({ code, name }): CountryEntry => [code, name])}
          levels={levels}
        >
          <SearchFrame
            title="University search"
            filters={
              <div className="sticky top-20 flex flex-col gap-6">
                <SearchFilters idPrefix="sidebar" />
                <Advert />
              </div>
            }
          >
            {children}
          </SearchFrame>
        </FilterOptionsProvider>
      </PrerenderedSearchParams>
    </UrlStateLayout>
  );
}
