import type { Metadata } from "next";
import { permanentRedirect } from "next/navigation";
import type { SearchParams } from "nuqs/server";
import { InvalidQuery } from "@/components/search/invalid-query";
import { Pagination } from "@/components/search/pagination";
import { SaveSearchControl } from "@/components/search/save-search-control";
import { ExploratoryNotice, NoResults, ResultsSection } from "@/components/search/search-page-parts";
import { ScholarshipCard } from "@/components/scholarships/scholarship-card";
import { activeFilterCount, ScholarshipFilters } from "@/components/scholarships/scholarship-filters";
import {
  cachedAllCountries,
  cachedCountries,
  cachedScholarshipSearch,
  cachedStudyLists,
  cachedUniversityName,
} from "@/lib/cache/reads.server";
import { lastPageOf, resultsSummary } from "@/lib/paging";
import { toScholarshipCriteria } from "@/lib/scholarships/criteria";
import { SCHOLARSHIPS_PATH } from "@/lib/scholarships/paths";
import {
  SCHOLARSHIP_SORT_NOTES,
  SCHOLARSHIPS_PAGE_SIZE,
  scholarshipSearchQuery,
} from "@/lib/scholarships/search-params";

const PATH = SCHOLARSHIPS_PATH;

/** Whether `href`'s query holds the same parameters as `search`, in any order. */
function sameQuery(href: string, search: SearchParams): boolean {
  const sorted = (entries: [string, string][]) =>
    entries
      .map((entry) => entry.join("="))
      .sort()
      .join("&");
  const given = Object.entries(search).flatMap(([name, value]): [string, string][] =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((one) => [name, one]),
  );
  return sorted([...new URL(href, "http://localhost").searchParams]) === sorted(given);
}

type Props = { searchParams: Promise<SearchParams> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const list = await scholarshipSearchQuery.load(searchParams, PATH);
  const values = list.ok ? list.values : null;
  return {
    title: "Scholarship search",
    description:
      "Search scholarships and funding by country, university, study level and field, nationality, grade and deadline.",
    // Each filter combination is its own page; paging and sorting are variants of it.
    alternates: {
      canonical: values
        ? scholarshipSearchQuery.serialize(PATH, { ...values, sort: null, page: null })
        : PATH,
    },
  };
}

// /scholarships: rendered per request for a search's first visit, then from its cached route
// (./q/[query], lib/cache/search-pages.ts) with its results from the cached read, which a
// scholarship's write expires. No script of its own: the filters are a plain form.
export default async function ScholarshipSearchPage({ searchParams }: Props) {
  const search = await searchParams;
  const now = new Date();
  const [list, countries, nationalities, { levels, fields }] = await Promise.all([
    scholarshipSearchQuery.loadRows(searchParams, PATH, ({ sort, ...filters }, window) =>
      cachedScholarshipSearch(toScholarshipCriteria(filters), { sort, ...window }),
    ),
    cachedCountries(),
    cachedAllCountries(),
    cachedStudyLists(),
  ]);
  const page = list.ok ? list.page : 1;
  // The filters are a plain form, which sends every field, the empty ones too: its address goes
  // on to the search's canonical one (defaults left out), so that one search is one address to
  // share and one entry in the cache.
  if (list.ok && !sameQuery(list.hrefFor(page), search)) permanentRedirect(list.hrefFor(page));
  const results = list.rows ?? { items: [], total: 0 };
  const lastPage = lastPageOf(results.total, SCHOLARSHIPS_PAGE_SIZE);
  const values = list.ok
    ? list.values
    : {
        q: "",
        country: "all",
        university: 0,
        level: "all",
        field: "all",
        nationality: "all",
        grade: 0,
        open: false,
        sort: "deadline" as const,
      };
  const universityName = values.university ? await cachedUniversityName(values.university) : null;
  const filters = (idPrefix: string) => (
    <ScholarshipFilters
      idPrefix={idPrefix}
      values={values}
      countries={countries}
      nationalities={nationalities}
      levels={levels}
      fields={fields}
      universityName={universityName}
    />
  );
  const active = activeFilterCount(values);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Scholarship search</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Scholarships and other funding, with who may apply and by when. Amounts are in the provider&apos;s
        currency.
      </p>
      <ExploratoryNotice />
      <div className="mt-6 lg:grid lg:grid-cols-[18rem_1fr] lg:gap-8">
        <aside className="hidden lg:block" aria-label="Filters">
          {filters("sidebar")}
        </aside>
        <div className="min-w-0">
          <details className="mb-6 rounded-md border border-slate-200 bg-white p-4 lg:hidden">
            <summary className="cursor-pointer font-medium text-slate-900">
              Filters{active > 0 ? ` (${active} active)` : ""}
            </summary>
            <div className="mt-4">{filters("sheet")}</div>
          </details>
          <ResultsSection
            summary={
              list.ok &&
              resultsSummary({
                page,
                pageSize: SCHOLARSHIPS_PAGE_SIZE,
                shown: results.items.length,
                total: results.total,
              })
            }
            note={list.ok && SCHOLARSHIP_SORT_NOTES[list.values.sort]}
            controls={list.ok && <SaveSearchControl kind="scholarships" searchParams={search} />}
          >
            {!list.ok ? (
              <InvalidQuery className="mt-6" message={list.message} clearHref={list.clearHref} />
            ) : results.items.length > 0 ? (
              <ul className="mt-4 flex flex-col gap-4" aria-label="Scholarships">
                {results.items.map((scholarship) => (
                  <li key={scholarship.id}>
                    <ScholarshipCard scholarship={scholarship} now={now} />
                  </li>
                ))}
              </ul>
            ) : (
              <NoResults
                title="No scholarships match your search"
                page={page}
                lastPage={lastPage}
                lastPageHref={list.hrefFor(lastPage)}
                clearHref={PATH}
              />
            )}
            {list.ok && <Pagination current={page} last={lastPage} hrefFor={list.hrefFor} />}
          </ResultsSection>
        </div>
      </div>
    </div>
  );
}
