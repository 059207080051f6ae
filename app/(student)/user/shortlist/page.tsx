import type { Metadata } from "next";
import Link from "next/link";
import { CountryFlag } from "@/components/country-flag";
import { CompareBar, CompareBox } from "@/components/search/compare-bar";
import { RemoveFromShortlist } from "@/components/shortlist/remove-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { viewerOrSignIn } from "@/lib/auth/session.server";
import { DeadlineText } from "@/components/programs/deadline-text";
import { daysLeftLabel } from "@/lib/format";
import { listShortlist, type ShortlistEntry } from "@/lib/shortlist/queries.server";
import { scholarshipPath } from "@/lib/scholarships/paths";
import { ScholarshipAmount } from "@/components/scholarships/scholarship-amount";
import { Amount } from "@/components/money/amount";
import { RatesProvider } from "@/components/money/display-currency";
import { FitResults, fitCounts } from "@/components/programs/fit-results";
import { fitOfPrograms } from "@/lib/fit/queries.server";
import { cachedRates } from "@/lib/cache/reads.server";

export const metadata: Metadata = { title: "My Shortlist" };

const linkClass = "font-medium text-brand-700 underline-offset-4 hover:underline";

/** Where a saved item is shown: its university's page, or a scholarship's card in the search. */
function pageOf(item: ShortlistEntry): string {
  if (item.type === "scholarship") return scholarshipPath(item);
  return `/university/${item.universitySlug}`;
}

export default async function ShortlistPage() {
  const viewer = await viewerOrSignIn("/user/shortlist");
  const now = new Date();
  const [items, rates] = await Promise.all([listShortlist(viewer.id, now), cachedRates()]);
  const fits = await fitOfPrograms(
    viewer.id,
    items.filter((item) => item.type === "program" && !item.archived).map((item) => item.id),
    now,
    rates,
  );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Shortlist</h1>
        <p className="text-slate-600">
          Saved programs, universities and scholarships, soonest deadline first.
        </p>
      </div>
      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <p className="text-lg font-semibold text-slate-900">Nothing saved yet</p>
          <p className="mt-2 text-slate-600">
            Use Save on a program, university or scholarship to keep it here.
          </p>
          <Button asChild variant="outline" className="mt-4">
            <Link href="/programs">Search programs</Link>
          </Button>
        </div>
      ) : (
        // A program's Compare box is an `ids` of this form (see /compare), ticked from the same
        // selection as /programs' (components/search/compare-selection.ts).
        <RatesProvider rates={rates}>
          <form action="/compare" method="get" aria-label="Compare saved programs">
            <ul className="flex flex-col gap-3" data-testid="shortlist">
              {items.map((item) => (
                <li
                  key={`${item.type}:${item.id}`}
                  data-focus-item={`${item.type}:${item.id}`}
                  className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <Badge variant="secondary">
                        {item.type === "program"
                          ? item.degree
                          : item.type === "university"
                            ? "University"
                            : "Scholarship"}
                      </Badge>
                      {item.archived ? (
                        <span className="font-semibold text-slate-900">{item.name}</span>
                      ) : (
                        <Link href={pageOf(item)} className={linkClass}>
                          {item.name}
                        </Link>
                      )}
                      {item.archived && <Badge variant="outline">No longer offered</Badge>}
                    </p>
                    <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
                      {item.countryCode && <CountryFlag code={item.countryCode} />}
                      {[item.provider, item.universityName, item.country].filter(Boolean).join(" · ")}
                    </p>
                    {item.tuition && item.currency && !item.archived && (
                      <p className="mt-1 text-sm text-slate-700">
                        Tuition: <Amount amount={item.tuition} currency={item.currency} suffix="per year" />
                      </p>
                    )}
                    {item.type === "scholarship" && !item.archived && (
                      <p className="mt-1 text-sm text-slate-700">
                        Amount:{" "}
                        <ScholarshipAmount
                          scholarship={{
                            amountMin: item.amountMin,
                            amountMax: item.amountMax,
                            currency: item.currency,
                            amountNote: null,
                          }}
                        />
                        {item.officialUrl && (
                          <>
                            {" · "}
                            <a href={item.officialUrl} className={linkClass} rel="noopener noreferrer">
                              Official page<span className="sr-only"> of {item.name}</span>
                            </a>
                          </>
                        )}
                      </p>
                    )}
                    <p className="mt-1 text-sm text-slate-700">
                      {item.archived ? (
                        "It no longer takes applications."
                      ) : item.deadline && item.timeZone ? (
                        <>
                          {item.type === "university" ? "Next deadline: " : "Deadline: "}
                          <DeadlineText program={{ deadline: item.deadline, timeZone: item.timeZone }} /> (
                          {daysLeftLabel({ deadline: item.deadline, timeZone: item.timeZone }, now)})
                        </>
                      ) : item.type === "scholarship" ? (
                        "No fixed deadline"
                      ) : (
                        "No upcoming deadline"
                      )}
                    </p>
                    {item.type === "program" && fits?.get(item.id) && (
                      <details className="mt-2 text-sm" data-testid="fit-check">
                        <summary className="cursor-pointer text-slate-700">
                          How you fit: {fitCounts(fits.get(item.id)!)}
                        </summary>
                        <div className="mt-2">
                          <FitResults results={fits.get(item.id)!} />
                        </div>
                      </details>
                    )}
                  </div>
                  <div className="flex shrink-0 items-center gap-3">
                    {item.type === "program" && !item.archived && (
                      <CompareBox id={item.id} name={item.name} />
                    )}
                    <RemoveFromShortlist type={item.type} id={item.id} name={item.name} />
                  </div>
                </li>
              ))}
            </ul>
            <CompareBar
              pageIds={items
                .filter((item) => item.type === "program" && !item.archived)
                .map((item) => item.id)}
            />
          </form>
        </RatesProvider>
      )}
    </div>
  );
}
