import Link from "next/link";
import { Suspense } from "react";
import { Info } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format";

/**
 * A search page's frame: heading, notice, and the filters beside the results (`children`). The
 * pages' layouts render it, so a filter change (which fetches the page, not its layout) carries
 * only the results.
 */
export function SearchFrame({
  title,
  intro,
  filters,
  children,
}: {
  title: string;
  /** A line under the heading: where else to look. */
  intro?: React.ReactNode;
  filters: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {intro && <p className="mt-2 text-slate-700">{intro}</p>}
      <ExploratoryNotice />
      <div className="mt-6 lg:grid lg:grid-cols-[18rem_1fr] lg:gap-8">
        <aside className="hidden lg:block" aria-label="Filters">
          {/* The filters read the URL (useSearchParams): the build, which cannot know it, must
              not try to render them; every request renders them on the server. */}
          <Suspense>{filters}</Suspense>
        </aside>
        {children}
      </div>
    </div>
  );
}

/** A search page's results: the count and sort note, the controls beside them, then `children`. */
export function ResultsSection({
  summary,
  note,
  controls,
  children,
}: {
  summary: React.ReactNode;
  note?: React.ReactNode;
  controls: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading" className="sr-only">
        Results
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm text-slate-700">
          <p aria-live="polite">{summary}</p>
          {note && <p className="text-slate-600">{note}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-3">{controls}</div>
      </div>
      {children}
    </section>
  );
}

/** The notice above every search's results. */
export function ExploratoryNotice() {
  return (
    <p className="mt-3 flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      The information here is exploratory and may be out of date. Always check the official school website
      before you apply.
    </p>
  );
}

/**
 * In place of the results when none match, or when the page is past the last: then it says so,
 * and links to the last page.
 */
export function NoResults({
  title,
  page,
  lastPage,
  lastPageHref,
  clearHref,
}: {
  title: string;
  page: number;
  lastPage: number;
  lastPageHref: string;
  clearHref: string;
}) {
  const pastEnd = page > lastPage;
  return (
    <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">{pastEnd ? `There is no page ${page}` : title}</p>
      <p className="mt-2 text-slate-600">
        {pastEnd
          ? `The results end on page ${formatCount(lastPage)}.`
          : "Try another name, a wider cost range, or fewer filters."}
      </p>
      <Button asChild variant="outline" className="mt-4">
        <Link href={pastEnd ? lastPageHref : clearHref}>
          {pastEnd ? "Go to the last page" : "Clear all filters"}
        </Link>
      </Button>
    </div>
  );
}
