import Link from "next/link";
import type { DraftListItem } from "@/lib/applications/drafts.server";
import { DeadlineText } from "@/components/programs/deadline-text";
import { daysLeftLabel, deadlinePassed } from "@/lib/format";

const linkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/**
 * The student's unsent applications (drafts), nearest deadline first: program and university,
 * the deadline with the days left, and a link back to the form ("Continue"), or "Closed" once
 * the deadline has passed (the form would only say applications are closed).
 */
export function DraftList({
  drafts,
  now,
  titleAs: Title = "p",
}: {
  drafts: DraftListItem[];
  now: Date;
  /** The program line's element: a heading where each draft is a section of the page. */
  titleAs?: "p" | "h3";
}) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Drafts">
      {drafts.map((draft) => {
        const closed = deadlinePassed(draft, now);
        return (
          <li
            key={draft.programId}
            data-testid="draft-item"
            className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <Title className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                {draft.programName}{" "}
                <span className="text-sm font-normal text-slate-600">({draft.degree})</span>
              </Title>
              <p className="text-sm">
                <Link href={`/university/${draft.university.slug}`} className={linkClass}>
                  {draft.university.name}
                </Link>
              </p>
              <p className="text-xs text-slate-600">
                Deadline <DeadlineText program={draft} /> · {daysLeftLabel(draft, now)}
              </p>
            </div>
            {closed ? (
              <p className="text-sm text-slate-600">Applications are closed</p>
            ) : (
              <Link href={`/apply/${draft.programId}`} className={linkClass}>
                Continue<span className="sr-only"> your application to {draft.programName}</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
