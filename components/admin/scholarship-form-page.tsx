import { ArrowLeftIcon } from "lucide-react";
import Link from "next/link";
import { Card, CardContent } from "@/components/ui/card";

/**
 * The frame of the scholarship form's pages: back link, title, the form in a card (or, for a team
 * admin who may not manage the catalogue, why not: `children` is then the notice).
 */
export function ScholarshipFormPage({
  title,
  children,
  plain = false,
}: {
  title: string;
  children: React.ReactNode;
  /** Shows `children` as they are, outside the form's card. */
  plain?: boolean;
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link
        href="/admin/scholarships"
        className="inline-flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Back to scholarships
      </Link>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-slate-600">
          A scholarship or other funding: who gives it, how much, who may apply and by when. Enter only what
          the provider states.
        </p>
      </div>
      {plain ? (
        children
      ) : (
        <Card>
          <CardContent>{children}</CardContent>
        </Card>
      )}
    </div>
  );
}
