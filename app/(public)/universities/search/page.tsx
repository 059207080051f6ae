import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { cachedSearch } from "@/lib/cache/reads.server";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { RANKING_SORT_NOTE } from "@/lib/universities/ranking";
import {
  loadSearchParams,
  PAGE_SIZE,
  serializeSearchParams,
  universitySearchQuery,
} from "@/lib/universities/search-params";
import { InvalidQuery } from "@/components/search/invalid-query";
import { MobileFilters } from "@/components/search/mobile-filters";
import { Pagination } from "@/components/search/pagination";
import { Advert } from "@/components/search/advert";
import { NoResults, ResultsSection } from "@/components/search/search-page-parts";
import { SearchFilters } from "@/components/search/search-filters";
import { SaveSearchControl } from "@/components/search/save-search-control";
import { SortSelect } from "@/components/search/sort-select";
import { UniversityResults } from "@/components/search/university-results";
import { toUniversityCard } from "@/lib/universities/cards";
import { lastPageOf, resultsSummary } from "@/lib/paging";

type Props = { searchParams: Promise<SearchParams> };

// Rendered per request (its query string is the input); the results come from the cache.

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const params = await loadSearchParams(searchParams);
  return {
    title: "University search",
    description: "Search universities worldwide by country, study level, field and tuition.",
    // Each filter combination is its own page; paging and sorting are variants of it.
    alternates: {
      canonical: serializeSearchParams("/universities/search", {
        country: params.country,
        level: params.level,
        field: params.field,
      }),
    },
  };
}

export default async function UniversitySearchPage({ searchParams }: Props) {
  const list = await universitySearchQuery.loadRows(
    searchParams,
    "/universities/search",
    ({ sort, ...filters }, window) => cachedSearch(toSearchCriteria(filters), { sort, ...window }),
  );
  // A filter the API would refuse: its message in place of the results (the filters as defaults).
  const params = list.ok ? list.values : { ...(await loadSearchParams({})), page: 1 };
  const page = params.page;
  const results = list.rows ?? { items: [], total: 0 };
  const criteria = toSearchCriteria(params);
  const lastPage = lastPageOf(results.total, PAGE_SIZE);
  const activeFilters = [
    params.country !== "all",
    params.level !== "all",
    params.field !== "all",
    params.q !== "",
    params.cost > 0,
  ].filter(Boolean).length;

  return (
    <ResultsSection
      summary={
        list.ok &&
        resultsSummary({
          page,
          pageSize: PAGE_SIZE,
          shown: results.items.length,
          total: results.total,
          approximate: results.approximate,
        })
      }
      note={list.ok && params.sort === "ranking" && results.items.length > 0 && RANKING_SORT_NOTE}
      controls={
        <>
          <MobileFilters activeCount={activeFilters}>
            <SearchFilters idPrefix="sheet" />
          </MobileFilters>
          <SortSelect />
          {list.ok && <SaveSearchControl kind="universities" searchParams={await searchParams} />}
        </>
      }
    >
      {!list.ok ? (
        <InvalidQuery className="mt-6" message={list.message} clearHref={list.clearHref} />
      ) : results.items.length > 0 ? (
        <UniversityResults
          universities={results.items.map(toUniversityCard)}
          filtered={criteria.program !== undefined}
        />
      ) : (
        <NoResults
          title="No universities match your search"
          page={page}
          lastPage={lastPage}
          lastPageHref={serializeSearchParams("/universities/search", { ...params, page: lastPage })}
          clearHref="/universities/search"
        />
      )}

      <Pagination
        current={page}
        last={lastPage}
        hrefFor={(n) => serializeSearchParams("/universities/search", { ...params, page: n })}
      />
      <div className="mt-8 lg:hidden">
        <Advert />
      </div>
    </ResultsSection>
  );
}
