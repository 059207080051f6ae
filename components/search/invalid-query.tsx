import Link from "next/link";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * In place of a list's results when its query string has a filter the API would refuse (400): the
 * API's message, and a link to the list without filters.
 */
export function InvalidQuery({
  message,
  clearHref,
  className,
}: {
  message: string;
  clearHref: string;
  className?: string;
}) {
  return (
    <div
      className={cn("rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center", className)}
      data-testid="invalid-query"
    >
      <p className="text-lg font-semibold text-slate-900">These filters cannot be used</p>
      <p className="mt-2 text-slate-600">{message}</p>
      <Button asChild variant="outline" className="mt-4">
        <Link href={clearHref}>Clear all filters</Link>
      </Button>
    </div>
  );
}
