import type { Metadata } from "next";
import Link from "next/link";
import type { SearchParams } from "nuqs/server";
import { CountryFlag } from "@/components/country-flag";
import { ApplyNow } from "@/components/programs/apply-now";
import { Button } from "@/components/ui/button";
import { DeadlineText } from "@/components/programs/deadline-text";
import { FitCheck } from "@/components/programs/fit-check";
import { NOT_STATED, requirementRows } from "@/components/programs/requirements-list";
import { NO_REQUIREMENTS } from "@/lib/fit/requirements";
import { Amount } from "@/components/money/amount";
import { daysLeftLabel, formatYears } from "@/lib/format";
import { parseCompareIds } from "@/lib/programs/compare-ids";
import { getProgramsToCompare, type ProgramWithRanking } from "@/lib/programs/queries.server";
import { rankingLabel } from "@/lib/universities/ranking";

export const metadata: Metadata = {
  title: "Compare programs",
  description: "Compare study programs side by side: tuition, duration, deadline and ranking.",
  // Any combination of programs is its own address: none is worth indexing.
  robots: { index: false },
};

type Props = { searchParams: Promise<SearchParams> };

/** Tuition for the whole program: per year × years, in cents so that nothing is lost ("24000.00"). */
function totalTuition(program: ProgramWithRanking): string {
  const cents = BigInt(program.tuition.replace(".", "")) * BigInt(program.duration);
  const text = cents.toString().padStart(3, "0");
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

export default async function ComparePage({ searchParams }: Props) {
  const requested = parseCompareIds((await searchParams).ids);
  const result = requested.ok ? await getProgramsToCompare(requested.ids) : requested;
  const now = new Date();

  const rows: [string, (program: ProgramWithRanking) => React.ReactNode][] = [
    [
      "University",
      (p) => (
        <Link href={`/university/${p.university.slug}`} className="text-brand-700 hover:underline">
          {p.university.name}
        </Link>
      ),
    ],
    [
      "Country",
      (p) => (
        <span className="inline-flex items-center gap-2">
          <CountryFlag code={p.university.countryCode} />
          {p.university.country}
        </span>
      ),
    ],
    ["Ranking", (p) => rankingLabel(p.university) ?? "Not ranked"],
    ["Level", (p) => p.level],
    ["Degree", (p) => p.degree],
    ["Duration", (p) => formatYears(p.duration)],
    ["Tuition per year", (p) => <Amount amount={p.tuition} currency={p.currency} />],
    [
      "Tuition in total",
      (p) => (
        <Amount amount={totalTuition(p)} currency={p.currency} suffix={`(${formatYears(p.duration)})`} />
      ),
    ],
    [
      "Deadline",
      (p) => (
        <>
          <DeadlineText program={p} />
          <br />
          <span className="text-slate-600">{daysLeftLabel(p, now)}</span>
        </>
      ),
    ],
    ["Required documents", (p) => (p.requiredDocuments.length > 0 ? p.requiredDocuments.join(", ") : "None")],
    ["Optional documents", (p) => (p.optionalDocuments.length > 0 ? p.optionalDocuments.join(", ") : "None")],
    ["References", (p) => (p.referencesRequired > 0 ? String(p.referencesRequired) : "None")],
    // Entry requirements and fees, "Not stated" where the university does not say.
    ...requirementRows(NO_REQUIREMENTS, "USD").map(
      ([label], index): [string, (program: ProgramWithRanking) => React.ReactNode] => [
        label,
        (p) => {
          const value = requirementRows(p, p.currency)[index][1];
          return value === NOT_STATED ? <span className="text-slate-500 italic">{value}</span> : value;
        },
      ],
    ),
    // The signed-in student's fit, asked for from their browser (signed out: empty).
    ["How you fit", (p) => <FitCheck programId={p.id} name={`${p.degree} ${p.name}`} />],
    [
      "Apply",
      (p) => (
        <ApplyNow
          programId={p.id}
          deadline={p.deadline}
          timeZone={p.timeZone}
          now={now}
          label={p.name}
          size="sm"
        />
      ),
    ],
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Compare programs</h1>
      {!result.ok ? (
        <div
          className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center"
          data-testid="compare-message"
        >
          <p className="text-lg font-semibold text-slate-900">These programs cannot be compared</p>
          <p className="mt-2 text-slate-600">{result.message}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Button asChild variant="outline">
              <Link href="/programs">Search programs</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/user/shortlist" prefetch={false}>
                My Shortlist
              </Link>
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-600">
            This page&apos;s address lists these programs: share it to show the same comparison.
          </p>
          {/* Scrolls both ways inside its box, so the names (header row) and the row labels
              (first column) stay in view on a phone. */}
          <div
            className="mt-6 max-h-[calc(100vh-10rem)] overflow-auto rounded-lg border border-slate-200"
            tabIndex={0}
            role="region"
            aria-label="Comparison"
          >
            <table className="w-full min-w-[36rem] border-separate border-spacing-0 text-sm">
              <caption className="sr-only">The chosen programs side by side</caption>
              <thead>
                <tr>
                  <td className="sticky top-0 left-0 z-20 border-b border-slate-200 bg-slate-50" />
                  {result.programs.map((program) => (
                    <th
                      key={program.id}
                      scope="col"
                      className="sticky top-0 z-10 min-w-40 border-b border-slate-200 bg-slate-50 p-3 text-left align-bottom font-semibold text-slate-900"
                    >
                      {program.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, cell]) => (
                  <tr key={label}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 w-32 border-b border-slate-200 bg-white p-3 text-left font-medium text-slate-700"
                    >
                      {label}
                    </th>
                    {result.programs.map((program) => (
                      <td key={program.id} className="border-b border-slate-200 bg-white p-3 align-top">
                        {cell(program)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
