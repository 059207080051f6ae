import Link from "next/link";
import { Pagination } from "@/components/search/pagination";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/format";
import { totalText } from "@/lib/paging";

type ListResultsProps = {
  /** What the list holds, singular and plural: ["user", "users"]. */
  noun: readonly [string, string];
  total: number;
  /** `total` is an estimate: "about 24,000 programs". */
  approximate?: boolean;
  /** Rows on this page: none shows the empty state instead of `children`. */
  shown: number;
  page: number;
  lastPage: number;
  hrefFor: (page: number) => string;
  /** Whether the list is searched or filtered: an empty list then means nothing matches. */
  filtered: boolean;
  /** The empty state's advice when nothing matches a search, e.g. "Try another name or role." */
  emptyHint: string;
  children: React.ReactNode;
};

/**
 * The results part of an admin list: the count (announced as it changes), the table, or an empty
 * state that says what is empty (nothing yet, nothing matching, or a page past the last, with a
 * link to the last), and the page links.
 */
export function ListResults({
  noun,
  total,
  approximate,
  shown,
  page,
  lastPage,
  hrefFor,
  filtered,
  emptyHint,
  children,
}: ListResultsProps) {
  const [singular, plural] = noun;
  const headingId = `${plural}-heading`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="sr-only">
        Results
      </h2>
      <p className="text-sm text-slate-700" aria-live="polite" data-testid={`${plural}-count`}>
        {totalText({ total, approximate })} {total === 1 && !approximate ? singular : plural}
      </p>

      {shown === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold text-slate-900">
            {page > lastPage
              ? `There is no page ${page}`
              : filtered
                ? `No ${plural} found`
                : `No ${plural} yet`}
          </p>
          {page > lastPage ? (
            <>
              <p className="mt-2 text-slate-600">{`The list ends on page ${formatCount(lastPage)}.`}</p>
              <Button asChild variant="outline" className="mt-4">
                <Link href={hrefFor(lastPage)}>Go to the last page</Link>
              </Button>
            </>
          ) : (
            filtered && <p className="mt-2 text-slate-600">{emptyHint}</p>
          )}
        </div>
      ) : (
        children
      )}

      <Pagination current={page} last={lastPage} hrefFor={hrefFor} />
    </section>
  );
}
