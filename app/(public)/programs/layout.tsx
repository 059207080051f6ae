import { FilterOptionsProvider } from "@/components/search/filter-options";
import { ProgramSearchFilters } from "@/components/search/program-search-filters";
import { SearchFrame } from "@/components/search/search-page-parts";
import { UrlStateLayout } from "@/components/search/url-state-layout";
import { cachedCountries, cachedStudyLists } from "@/lib/cache/reads";

// The search's frame, filters and their options are the layout's: a filter change fetches the
// page (the results) only.
export default async function ProgramSearchLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [countries, { levels, fields }] = await Promise.all([cachedCountries(), cachedStudyLists()]);
  return (
    <UrlStateLayout>
      <FilterOptionsProvider
        countries={countries.map(({ code, name }) => ({ code, name }))}
        levels={levels}
        fields={fields}
      >
        <SearchFrame
          title="Program search"
          filters={
            <div className="sticky top-20">
              <ProgramSearchFilters idPrefix="sidebar" />
            </div>
          }
        >
          {children}
        </SearchFrame>
      </FilterOptionsProvider>
    </UrlStateLayout>
  );
}
