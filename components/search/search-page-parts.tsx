import Link from "next/link";
import { Info } from "lucide-react";
import { Button } from "@/components/ui/button";

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

/** In place of the results when none match, or the page is past the last. */
export function NoResults({
  title,
  pastEnd,
  firstPageHref,
  clearHref,
}: {
  title: string;
  pastEnd: boolean;
  firstPageHref: string;
  clearHref: string;
}) {
  return (
    <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      <p className="mt-2 text-slate-600">
        {pastEnd
          ? "This page is past the end of the results."
          : "Try another name, a wider cost range, or fewer filters."}
      </p>
      <Button asChild variant="outline" className="mt-4">
        <Link href={pastEnd ? firstPageHref : clearHref}>
          {pastEnd ? "Go to the first page" : "Clear all filters"}
        </Link>
      </Button>
    </div>
  );
}
