"use client";

import Link from "next/link";
import { CalendarDays, Clock, Wallet } from "lucide-react";
import { DeadlineText } from "@/components/programs/deadline-text";
import { Amount } from "@/components/money/amount";
import { daysLeftLabel, deadlinePassed, formatYears } from "@/lib/format";
import type { ProgramCard } from "@/lib/programs/cards";
import { rankingDescription, rankingLabel } from "@/lib/universities/ranking";
import { CountryFlag } from "@/components/country-flag";
import { ApplyNow } from "@/components/programs/apply-now";
import { CompareBox } from "@/components/search/compare-bar";
import { SaveButton } from "@/components/shortlist/save-button";
import { Badge } from "@/components/ui/badge";
import { IconSprite, SpriteIcon } from "@/components/ui/icon-sprite";

// The results of /programs, rendered from their data here for the reason given in
// ./university-results.tsx: the page's RSC payload carries the cards' fields, not their markup.

const ICONS = { "icon-duration": Clock, "icon-tuition": Wallet, "icon-deadline": CalendarDays };

/** The cards, each with Apply Now (or, once the deadline has passed, "Closed"), Save, and a Compare box (an `ids` of the form around them, kept across pages: ./compare-selection.ts). */
export function ProgramResults({
  programs,
  now,
}: {
  programs: ProgramCard[];
  /** The moment of rendering (ISO), for the days left: the same on the server and in the browser. */
  now: string;
}) {
  const today = new Date(now);
  return (
    <>
      <IconSprite icons={ICONS} />
      <ul className="mt-4 flex flex-col gap-4">
        {programs.map((program) => (
          <li key={program.id}>
            <ProgramResultCard program={program} now={today} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ProgramResultCard({ program, now }: { program: ProgramCard; now: Date }) {
  const ranking = rankingLabel(program.university);
  return (
    <article className="result-card" data-testid="program-result">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{program.degree}</Badge>
          {deadlinePassed(program, now) && <Badge variant="outline">Closed</Badge>}
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
          <span className="text-slate-600">{`· ${program.university.country}`}</span>
        </p>
        <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex items-center gap-1.5">
            <SpriteIcon id="icon-duration" className="size-4 text-slate-500" />
            <dt className="sr-only">Duration</dt>
            <dd>{formatYears(program.duration)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <SpriteIcon id="icon-tuition" className="size-4 text-slate-500" />
            <dt className="sr-only">Tuition</dt>
            <dd>
              <Amount amount={program.tuition} currency={program.currency} suffix="per year" />
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <SpriteIcon id="icon-deadline" className="size-4 text-slate-500" />
            <dt className="text-slate-600">Deadline:</dt>
            <dd>
              <DeadlineText program={program} />
              <span className="text-slate-600">{` (${daysLeftLabel(program, now)})`}</span>
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 flex-row flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <ApplyNow
          programId={program.id}
          deadline={program.deadline}
          timeZone={program.timeZone}
          now={now}
          label={program.name}
        />
        <SaveButton type="program" id={program.id} name={program.name} />
        <CompareBox id={program.id} name={program.name} />
      </div>
    </article>
  );
}
