import Link from "next/link";
import type { ApplicationListItem } from "@/lib/applications/queries.server";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format";

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/**
 * What an application is about: program and degree (marked when the program was withdrawn: the
 * application stays), university (linked), submitted date.
 */
export function ApplicationSummary({
  application,
  titleAs: Title = "p",
}: {
  application: Pick<ApplicationListItem, "program" | "university" | "submittedAt">;
  /** The program line's element: a heading where each application is a section of the page. */
  titleAs?: "p" | "h2" | "h3";
}) {
  return (
    <div className="min-w-0">
      <Title className="font-semibold text-slate-900">
        {application.program.name}{" "}
        <span className="text-sm font-normal text-slate-600">({application.program.degree})</span>
        {application.program.archived && (
          <Badge className="ml-2 bg-amber-100 align-middle text-amber-900">No longer offered</Badge>
        )}
      </Title>
      <p className="text-sm">
        <Link href={`/university/${application.university.slug}`} className={linkClass}>
          {application.university.name}
        </Link>
      </p>
      <p className="text-xs text-slate-600">
        Submitted <time dateTime={application.submittedAt}>{formatDate(application.submittedAt)}</time>
      </p>
    </div>
  );
}
