"use client";

import Link from "next/link";
import { ExternalLink, GraduationCap } from "lucide-react";
import { formatUsd } from "@/lib/format";
import { rankingDescription, rankingLabel } from "@/lib/universities/ranking";
import type { UniversityCard } from "@/lib/universities/cards";
import { CountryFlag } from "@/components/country-flag";
import { Badge } from "@/components/ui/badge";
import { IconSprite, SpriteIcon } from "@/components/ui/icon-sprite";

// The search's result cards, rendered from their data here rather than on the server: a server
// component's markup travels twice, as HTML and again in the page's RSC payload; this way the
// payload carries only the cards' few fields (lib/universities/cards.ts).

const ICONS = { "icon-programs": GraduationCap, "icon-external": ExternalLink };

export function UniversityResults({
  universities,
  filtered,
}: {
  universities: UniversityCard[];
  /** Whether program conditions apply, so the figures are of the matching programs. */
  filtered: boolean;
}) {
  return (
    <>
      <IconSprite icons={ICONS} />
      <ul className="mt-4 flex flex-col gap-4">
        {universities.map((university) => (
          <li key={university.id}>
            <UniversityResultCard university={university} filtered={filtered} />
          </li>
        ))}
      </ul>
    </>
  );
}

function UniversityResultCard({ university, filtered }: { university: UniversityCard; filtered: boolean }) {
  const programs =
    university.programCount === 0 && !filtered
      ? "No programs added yet"
      : `${university.programCount} ${filtered ? "matching " : ""}program${university.programCount === 1 ? "" : "s"}`;
  const ranking = rankingLabel(university);
  return (
    <article className="result-card transition-shadow hover:shadow-md sm:items-start">
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
            <SpriteIcon id="icon-programs" className="size-4 text-slate-500" />
            {programs}
          </span>
          {university.minTuition !== null && (
            // Whole dollars: a program's tuition in another currency is converted at the latest
            // rate, and cents would claim a precision the conversion does not have.
            <span>{`from ${formatUsd(university.minTuition, { cents: false })} per year`}</span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3 sm:flex-col sm:items-end">
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
            <SpriteIcon id="icon-external" className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}
