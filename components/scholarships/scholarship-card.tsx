import Link from "next/link";
import { ExternalLink } from "lucide-react";
import { CountryFlag } from "@/components/country-flag";
import { DeadlineText } from "@/components/programs/deadline-text";
import { SaveButton } from "@/components/shortlist/save-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { countryName } from "@/lib/fit/rules";
import { daysLeftLabel, deadlinePassed } from "@/lib/format";
import { eligibilityLines } from "@/lib/scholarships/eligibility";
import type { ScholarshipDto } from "@/lib/scholarships/queries.server";
import { ScholarshipAmount } from "./scholarship-amount";

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/** The fields of a scholarship a card shows. */
export type ScholarshipCardData = Omit<ScholarshipDto, "version" | "updatedAt" | "archived">;

/**
 * One scholarship: who gives it, for what university or program, the amount (with the visitor's
 * approximation), who may apply, the deadline on its own clocks, the official page, and Save. A
 * server component: only the amount's approximation, the deadline's local time and Save run in
 * the browser. `heading` is the level of its name in the page's outline.
 */
export function ScholarshipCard({
  scholarship,
  now,
  heading: Heading = "h3",
  showOwner = true,
}: {
  scholarship: ScholarshipCardData;
  now: Date;
  heading?: "h2" | "h3" | "h4";
  /** Whether to name its university and program (a university page already says whose it is). */
  showOwner?: boolean;
}) {
  const { university, program } = scholarship;
  const deadline = scholarship.deadline
    ? { deadline: scholarship.deadline, timeZone: scholarship.timeZone }
    : null;
  const closed = deadline !== null && deadlinePassed(deadline, now);
  return (
    <article className="result-card" data-testid="scholarship" id={`scholarship-${scholarship.id}`}>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">Scholarship</Badge>
          {closed && <Badge variant="outline">Closed</Badge>}
        </div>
        <Heading className="mt-2 text-lg font-semibold text-slate-900">{scholarship.name}</Heading>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
          <span>{scholarship.provider}</span>
          {showOwner && university && (
            <>
              <span aria-hidden="true">·</span>
              <CountryFlag code={university.countryCode} />
              <Link href={`/university/${university.slug}`} className={linkClass}>
                {program ? `${program.name} (${program.degree}), ${university.name}` : university.name}
              </Link>
            </>
          )}
          {showOwner && !university && (
            <>
              <span aria-hidden="true">·</span>
              {scholarship.studyCountry ? (
                <>
                  <CountryFlag code={scholarship.studyCountry} />
                  {`Study in ${countryName(scholarship.studyCountry)}`}
                </>
              ) : (
                "Any university"
              )}
            </>
          )}
          {!showOwner && program && (
            <>
              <span aria-hidden="true">·</span>
              {`For ${program.name} (${program.degree})`}
            </>
          )}
        </p>
        <dl className="mt-3 grid gap-x-5 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Amount</dt>
          <dd className="font-medium text-slate-900">
            <ScholarshipAmount scholarship={scholarship} />
          </dd>
          <dt className="text-slate-600">Deadline</dt>
          <dd>
            {deadline ? (
              <>
                <DeadlineText program={deadline} />
                <span className="text-slate-600">{` (${daysLeftLabel(deadline, now)})`}</span>
              </>
            ) : (
              "No fixed deadline"
            )}
          </dd>
          {eligibilityLines(scholarship).map(([label, text]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
        {scholarship.description && (
          <p className="mt-3 line-clamp-4 text-sm whitespace-pre-line text-slate-700">
            {scholarship.description}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-row flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <Button asChild>
          <a href={scholarship.officialUrl} rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Official page<span className="sr-only"> of {scholarship.name}</span>
          </a>
        </Button>
        <SaveButton type="scholarship" id={scholarship.id} name={scholarship.name} />
      </div>
    </article>
  );
}
