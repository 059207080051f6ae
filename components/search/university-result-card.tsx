import Link from "next/link";
import { ExternalLink, GraduationCap } from "lucide-react";
import { formatUsd } from "@/lib/format";
import { rankingDescription, rankingLabel } from "@/lib/universities/ranking";
import type { UniversitySummary } from "@/lib/universities/search";
import { CountryFlag } from "@/components/country-flag";
import { Badge } from "@/components/ui/badge";

export function UniversityResultCard({
  university,
  filtered,
}: {
  university: UniversitySummary;
  /** Whether program conditions apply, so the figures are of the matching programs. */
  filtered: boolean;
}) {
  const programs =
    university.programCount === 0 && !filtered
      ? "No programs added yet"
      : `${university.programCount} ${filtered ? "matching " : ""}program${university.programCount === 1 ? "" : "s"}`;
  const ranking = rankingLabel(university);
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-xs transition-shadow hover:shadow-md sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="text-lg font-semibold text-slate-900">
          <Link href={`/university/${university.slug}`} className="hover:text-brand-700 hover:underline">
            {university.name}
          </Link>
        </h3>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
          <CountryFlag code={university.countryCode} />
          {university.country}
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <span className="inline-flex items-center gap-1.5">
            <GraduationCap className="size-4 text-slate-500" aria-hidden="true" />
            {programs}
          </span>
          {university.minTuition !== null && <span>from {formatUsd(university.minTuition)} per year</span>}
        </p>
      </div>
      <div className="flex shrink-0 flex-row items-center gap-3 sm:flex-col sm:items-end">
        {ranking && (
          <Badge>
            <span aria-hidden="true">{ranking}</span>
            <span className="sr-only">{rankingDescription(university)}</span>
          </Badge>
        )}
        {university.webPage && (
          <a
            href={university.webPage}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
          >
            Official website
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}
