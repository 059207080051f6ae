import { FilterOptionsProvider } from "@/components/search/filter-options";
import { SearchFilters } from "@/components/search/search-filters";
import { Advert, SearchFrame } from "@/components/search/search-page-parts";
import { UrlStateLayout } from "@/components/search/url-state-layout";
import { cachedCountries } from "@/lib/cache/reads";

// The search's frame, filters and their options are the layout's: a filter change fetches the
// page (the results) only.
export default async function UniversitySearchLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const countries = await cachedCountries();
  return (
    <UrlStateLayout>
      <FilterOptionsProvider countries={countries.map(({ code, name }) => ({ code, name }))}>
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
    </UrlStateLayout>
  );
}
