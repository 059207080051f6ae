import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { Sparkles } from "lucide-react";
import { cachedCountries, cachedSearch } from "@/lib/cache/reads";
import { formatCount } from "@/lib/format";
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
import { SearchFilters } from "@/components/search/search-filters";
import { ExploratoryNotice, NoResults } from "@/components/search/search-page-parts";
import { SortSelect } from "@/components/search/sort-select";
import { UniversityResultCard } from "@/components/search/university-result-card";
import { lastPageOf } from "@/lib/paging";

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
  const [countries, list] = await Promise.all([
    cachedCountries(),
    universitySearchQuery.loadRows(searchParams, "/universities/search", ({ sort, ...filters }, window) =>
      cachedSearch(toSearchCriteria(filters), { sort, ...window }),
    ),
  ]);
  // A filter the API would refuse: its message in place of the results (the filters as defaults).
  const params = list.ok ? list.values : { ...(await loadSearchParams({})), page: 1 };
  const page = params.page;
  const results = list.rows ?? { items: [], total: 0 };
  const criteria = toSearchCriteria(params);
  const lastPage = lastPageOf(results.total, PAGE_SIZE);
  const first = results.items.length ? (page - 1) * PAGE_SIZE + 1 : 0;
  const last = (page - 1) * PAGE_SIZE + results.items.length;
  const activeFilters = [
    params.country !== "all",
    params.level !== "all",
    params.field !== "all",
    params.q !== "",
    params.cost > 0,
  ].filter(Boolean).length;
  const countryOptions = countries.map(({ code, name }) => ({ code, name }));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">University search</h1>
      <ExploratoryNotice />

      <div className="mt-6 lg:grid lg:grid-cols-[18rem_1fr] lg:gap-8">
        <aside className="hidden lg:block" aria-label="Filters">
          <div className="sticky top-20 flex flex-col gap-6">
            <SearchFilters countries={countryOptions} idPrefix="sidebar" />
            <Advert />
          </div>
        </aside>

        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="text-sm text-slate-700">
              <p aria-live="polite">{list.ok && `Items ${first}–${last} of ${formatCount(results.total)}`}</p>
              {list.ok && params.sort === "ranking" && results.items.length > 0 && (
                <p className="text-slate-600">{RANKING_SORT_NOTE}</p>
              )}
            </div>
            <div className="flex items-center gap-3">
              <MobileFilters activeCount={activeFilters}>
                <SearchFilters countries={countryOptions} idPrefix="sheet" />
              </MobileFilters>
              <SortSelect />
            </div>
          </div>

          {!list.ok ? (
            <InvalidQuery className="mt-6" message={list.message} clearHref={list.clearHref} />
          ) : results.items.length > 0 ? (
            <ul className="mt-4 flex flex-col gap-4">
              {results.items.map((university) => (
                <li key={university.id}>
                  <UniversityResultCard university={university} filtered={criteria.program !== undefined} />
                </li>
              ))}
            </ul>
          ) : (
            <NoResults
              title="No universities match your search"
              pastEnd={page > lastPage}
              firstPageHref={serializeSearchParams("/universities/search", { ...params, page: 1 })}
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
        </section>
      </div>
    </div>
  );
}

function Advert() {
  return (
    <aside
      aria-label="Advertisement"
      className="rounded-lg bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white"
    >
      <Sparkles className="size-5" aria-hidden="true" />
      <p className="mt-2 font-semibold">Explore more than 30 thousand universities</p>
      <p className="mt-1 text-sm text-brand-100">
        Our database keeps growing. Create a free account to save searches and apply in a few steps.
      </p>
      <Link href="/auth" className="mt-3 inline-block text-sm font-semibold underline underline-offset-4">
        Get started
      </Link>
    </aside>
  );
}
