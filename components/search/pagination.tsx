import Link from "next/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@/lib/utils";

/** Page links: first, last, and the pages around the current one. */
export function pageWindow(current: number, last: number): (number | "gap")[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  sorted.forEach((page, i) => {
    if (i > 0 && page - sorted[i - 1] > 1) result.push("gap");
    result.push(page);
  });
  return result;
}

export function Pagination({
  current,
  last,
  hrefFor,
}: {
  current: number;
  last: number;
  hrefFor: (page: number) => string;
}) {
  if (last <= 1) return null;
  const linkClass =
    "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {current > 1 && (
        <Link href={hrefFor(current - 1)} className={linkClass} rel="prev">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Link>
      )}
      {pageWindow(current, last).map((page, i) =>
        page === "gap" ? (
          <span key={`gap-${i}`} className="px-1 text-slate-500" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={page}
            href={hrefFor(page)}
            aria-label={`Page ${page}`}
            aria-current={page === current ? "page" : undefined}
            className={cn(
              linkClass,
              page === current && "border-brand-600 bg-brand-600 text-white hover:bg-brand-700",
            )}
          >
            {page}
          </Link>
        ),
      )}
      {current < last && (
        <Link href={hrefFor(current + 1)} className={linkClass} rel="next">
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      )}
    </nav>
  );
}
