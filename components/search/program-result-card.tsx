import Link from "next/link";
import { CalendarDays, Clock, Wallet } from "lucide-react";
import { daysLeftLabel, formatDate, formatUsd, formatYears } from "@/lib/format";
import type { ProgramSearchResult } from "@/lib/programs/search";
import { rankingDescription, rankingLabel } from "@/lib/universities/ranking";
import { CountryFlag } from "@/components/country-flag";
import { SaveButton } from "@/components/shortlist/save-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

/** One program of /programs: its university, key facts, deadline, and Apply Now / Save. */
export function ProgramResultCard({ program, now }: { program: ProgramSearchResult; now: Date }) {
  const ranking = rankingLabel(program.university);
  return (
    <article
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-xs sm:flex-row sm:justify-between"
      data-testid="program-result"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{program.degree}</Badge>
          {ranking && (
            <Badge>
              <span aria-hidden="true">{ranking}</span>
              <span className="sr-only">{rankingDescription(program.university)}</span>
            </Badge>
          )}
        </div>
        <h3 className="mt-2 text-lg font-semibold text-slate-900">{program.name}</h3>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
          <CountryFlag code={program.university.countryCode} />
          <Link
            href={`/university/${program.university.slug}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {program.university.name}
          </Link>
          <span className="text-slate-600">· {program.university.country}</span>
        </p>
        <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-slate-500" />
            <dt className="sr-only">Duration</dt>
            <dd>{formatYears(program.duration)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <Wallet aria-hidden="true" className="size-4 text-slate-500" />
            <dt className="sr-only">Tuition</dt>
            <dd>{formatUsd(program.tuition)} per year</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
            <dt className="text-slate-600">Deadline:</dt>
            <dd>
              <time dateTime={program.deadline}>{formatDate(program.deadline)}</time>
              <span className="text-slate-600"> ({daysLeftLabel(program.deadline, now)})</span>
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 flex-row flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <Button asChild>
          {/* No prefetch: /apply/* is for signed-in students and redirects visitors to /auth. */}
          <Link href={`/apply/${program.id}`} prefetch={false}>
            Apply Now<span className="sr-only"> to {program.name}</span>
          </Link>
        </Button>
        <SaveButton type="program" id={program.id} name={program.name} />
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" name="ids" value={program.id} className="size-4 accent-brand-600" />
          Compare<span className="sr-only"> {program.name}</span>
        </label>
      </div>
    </article>
  );
}
