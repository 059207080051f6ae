import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { lastPageOf, resultsSummary } from "@/lib/paging";
import { searchPrograms } from "@/lib/programs/search.server";
import { toProgramCriteria } from "@/lib/programs/criteria";
import { PROGRAM_SORT_NOTES, PROGRAMS_PAGE_SIZE, programSearchQuery } from "@/lib/programs/search-params";
import { CompareBar } from "@/components/search/compare-bar";
import { InvalidQuery } from "@/components/search/invalid-query";
import { MobileFilters } from "@/components/search/mobile-filters";
import { Pagination } from "@/components/search/pagination";
import { ProgramResults } from "@/components/search/program-results";
import { toProgramCard } from "@/lib/programs/cards";
import { ProgramSearchFilters } from "@/components/search/program-search-filters";
import { NoResults, ResultsSection } from "@/components/search/search-page-parts";
import { SaveSearchControl } from "@/components/search/save-search-control";
import { SortSelect } from "@/components/search/sort-select";
import { FitFilterNotes } from "@/components/search/fit-filter-notes";
import { cachedRates } from "@/lib/cache/reads.server";
import type { Rates } from "@/lib/money/convert";
import { getViewer } from "@/lib/auth/session.server";
import { getStudentProfile } from "@/lib/fit/profile.server";
import { chosenFitFilters, PROFILE_FIT_FILTERS, type FitFilter } from "@/lib/programs/fit-filters";
import { fitConditions } from "@/lib/programs/fit-sql.server";

/**
 * The chosen fit filters' conditions. The profile's filters read the signed-in student's profile:
 * their searches are never cached (lib/cache/search-pages.ts), so only a page rendered for its
 * visitor reads the session here.
 */
async function fitOf(chosen: FitFilter[], now: Date, rates: Rates) {
  if (chosen.length === 0) return [];
  const personal = chosen.some((filter) => (PROFILE_FIT_FILTERS as readonly FitFilter[]).includes(filter));
  const viewer = personal ? await getViewer() : null;
  const profile = viewer ? await getStudentProfile(viewer.id) : null;
  return fitConditions(chosen, { profile, signedIn: viewer !== null, rates, today: now });
}

const PATH = "/programs";

type Props = { searchParams: Promise<SearchParams> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const list = await programSearchQuery.load(searchParams, PATH);
  const values = list.ok ? list.values : null;
  return {
    title: "Program search",
    description: "Search study programs worldwide by country, level, field, degree, tuition and deadline.",
    // Each filter combination is its own page; paging and sorting are variants of it.
    alternates: {
      canonical: values ? programSearchQuery.serialize(PATH, { ...values, sort: null, page: null }) : PATH,
    },
  };
}

export default async function ProgramSearchPage({ searchParams }: Props) {
  // Rendered per request: the query string is the input, and days left depend on today.
  const search = await searchParams;
  const now = new Date();
  const list = await programSearchQuery.loadRows(searchParams, PATH, async ({ sort, ...filters }, window) => {
    const rates = await cachedRates();
    const fit = await fitOf(chosenFitFilters(filters), now, rates);
    return {
      fit,
      ...(await searchPrograms(toProgramCriteria(filters, now), { sort, ...window, rates, fit })),
    };
  });
  const results = list.rows ?? { items: [], total: 0, leftOut: {}, leftOutApproximate: false, fit: [] };
  const page = list.ok ? list.page : 1;
  const lastPage = lastPageOf(results.total, PROGRAMS_PAGE_SIZE);
  const values = list.ok ? list.values : null;
  const activeFilters = values
    ? [
        values.q !== "",
        values.country !== "all",
        values.level !== "all",
        values.field !== "all",
        values.degree !== "all",
        values.duration !== 0,
        values.cost !== 0,
        values.from !== "",
        values.open,
        values.qualify,
        values.budget,
        values.visa,
      ].filter(Boolean).length
    : 0;

  return (
    <ResultsSection
      summary={
        list.ok &&
        resultsSummary({
          page,
          pageSize: PROGRAMS_PAGE_SIZE,
          shown: results.items.length,
          total: results.total,
          approximate: results.approximate,
        })
      }
      note={
        values && (
          <>
            {PROGRAM_SORT_NOTES[values.sort]}
            <FitFilterNotes
              conditions={results.fit}
              leftOut={results.leftOut}
              approximate={results.leftOutApproximate}
              returnTo={list.ok ? list.hrefFor(page) : PATH}
            />
          </>
        )
      }
      controls={
        <>
          <MobileFilters activeCount={activeFilters}>
            <ProgramSearchFilters idPrefix="sheet" />
          </MobileFilters>
          <SortSelect list="programs" />
          {list.ok && <SaveSearchControl kind="programs" searchParams={search} />}
        </>
      }
    >
      {!list.ok ? (
        <InvalidQuery className="mt-6" message={list.message} clearHref={list.clearHref} />
      ) : results.items.length > 0 ? (
        // Each card's Compare box is an `ids` of this form: no script needed to compare. With one, the
        // ticks are kept across pages and filters (components/search/compare-selection.ts).
        <form action="/compare" method="get" aria-label="Compare programs">
          <ProgramResults programs={results.items.map(toProgramCard)} now={now.toISOString()} />
          <CompareBar pageIds={results.items.map((program) => program.id)} />
        </form>
      ) : (
        <NoResults
          title="No programs match your search"
          page={page}
          lastPage={lastPage}
          lastPageHref={list.hrefFor(lastPage)}
          clearHref={PATH}
        />
      )}

      {list.ok && <Pagination current={page} last={lastPage} hrefFor={list.hrefFor} />}
    </ResultsSection>
  );
}
