import { ENGLISH_TEST_RULES, formatEnglishScore } from "@/lib/fit/english";
import type { ProgramRequirements } from "@/lib/fit/requirements";
import { formatTerm } from "@/lib/fit/terms";
import { formatMoney } from "@/lib/money/format";

export const NOT_STATED = "Not stated";

/** Each requirement and fee as a labelled line, "Not stated" where the university does not say. */
export function requirementRows(requirements: ProgramRequirements, currency: string): [string, string][] {
  const english = (
    [
      ["ielts", requirements.minIelts],
      ["toefl", requirements.minToefl],
      ["duolingo", requirements.minDuolingo],
      ["cambridge", requirements.minCambridge],
    ] as const
  )
    .filter(([, score]) => score !== null)
    .map(([test, score]) => `${ENGLISH_TEST_RULES[test].label} ${formatEnglishScore(test, score!)}`);
  return [
    [
      "Minimum grade",
      requirements.minGrade === null ? NOT_STATED : `${requirements.minGrade} of 100 (common scale)`,
    ],
    ["English", english.length > 0 ? english.join(", ") : NOT_STATED],
    [
      "Starts",
      requirements.startTerms.length > 0 ? requirements.startTerms.map(formatTerm).join(", ") : NOT_STATED,
    ],
    [
      "Home students' tuition",
      requirements.tuitionHome === null
        ? NOT_STATED
        : `${formatMoney(requirements.tuitionHome, currency)} per year`,
    ],
    [
      "Application fee",
      requirements.applicationFee === null ? NOT_STATED : formatMoney(requirements.applicationFee, currency),
    ],
    [
      "Student visa sponsorship",
      requirements.visaSponsorship === null ? NOT_STATED : requirements.visaSponsorship ? "Yes" : "No",
    ],
  ];
}

/**
 * A program's entry requirements and fees, each shown even when the university does not state it
 * ("Not stated"), so that a missing figure is never mistaken for none. A disclosure, closed at
 * first, which works without JavaScript.
 */
export function RequirementsList({
  requirements,
  currency,
}: {
  requirements: ProgramRequirements;
  /** The program's currency, which its fees are in. */
  currency: string;
}) {
  const rows = requirementRows(requirements, currency);
  return (
    <details className="group text-sm" data-testid="program-requirements">
      <summary className="cursor-pointer font-medium text-brand-700 hover:text-brand-900">
        Entry requirements and fees
      </summary>
      <dl className="mt-2 grid gap-1">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">{label}:</dt>
            <dd className={value === NOT_STATED ? "text-slate-500 italic" : "font-medium"}>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
