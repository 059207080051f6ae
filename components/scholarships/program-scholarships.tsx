import Link from "next/link";
import { Award } from "lucide-react";
import { amountText } from "@/lib/scholarships/amount";
import { formatDate } from "@/lib/format";
import type { ScholarshipDto } from "@/lib/scholarships/queries.server";
import { scholarshipAnchor } from "@/lib/scholarships/program-entries";

const linkClass =
  "rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";

/**
 * A program's page: the scholarships that fund it (its own and its university's), each a link to
 * its card, with the amount and deadline, on the university's page. Nothing when there are none.
 */
export function ProgramScholarships({
  scholarships,
  universitySlug,
}: {
  scholarships: Pick<
    ScholarshipDto,
    "id" | "name" | "provider" | "amountMin" | "amountMax" | "currency" | "deadline" | "programId"
  >[];
  universitySlug: string;
}) {
  if (scholarships.length === 0) return null;
  return (
    <section
      aria-labelledby="program-scholarships"
      className="rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="program-scholarships" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Award aria-hidden="true" className="size-5 text-slate-500" />
        Scholarships for this program
      </h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {scholarships.map((scholarship) => {
          const amount = amountText(scholarship);
          return (
            <li key={scholarship.id}>
              <Link
                href={`/university/${universitySlug}${scholarshipAnchor(scholarship.id)}`}
                className={linkClass}
              >
                {scholarship.name}
              </Link>
              <span className="text-slate-700">
                {` (${scholarship.provider}${scholarship.programId === null ? ", any program of the university" : ""})`}
                {amount && `: ${amount}`}
                {scholarship.deadline && `; deadline ${formatDate(scholarship.deadline)}`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
