import { checkTuition } from "@/lib/programs/tuition";
import { z } from "@/lib/validation/zod";
import { ENGLISH_TEST_RULES, englishScoreProblem, type EnglishTest } from "./english";
import type { FitRequirements } from "./rules";
import { isTerm, splitTerms, TERM_INVALID } from "./terms";

// A program's entry requirements and fees beside its tuition: the program form, the programs API,
// the CSV import and export, and the pages read them through here. Each may be unknown (null, or
// an empty list of start terms): a university that does not state it is shown as "Not stated",
// never given an invented value. In an edit (PATCH, an import row) a field left out keeps its
// value, and a blank or null one clears it.

export const REQUIREMENT_FIELDS = [
  "minGrade",
  "minIelts",
  "minToefl",
  "minDuolingo",
  "minCambridge",
  "startTerms",
  "tuitionHome",
  "applicationFee",
  "visaSponsorship",
] as const;
export type RequirementField = (typeof REQUIREMENT_FIELDS)[number];

/** The English minimums by their column. */
export const ENGLISH_MINIMUMS = {
  minIelts: "ielts",
  minToefl: "toefl",
  minDuolingo: "duolingo",
  minCambridge: "cambridge",
} as const satisfies Record<string, EnglishTest>;
export type EnglishMinimumField = keyof typeof ENGLISH_MINIMUMS;

export interface ProgramRequirements {
  /** The lowest grade admitted on the common 0-100 scale (lib/fit/grades.ts). */
  minGrade: number | null;
  minIelts: number | null;
  minToefl: number | null;
  minDuolingo: number | null;
  minCambridge: number | null;
  /** "YYYY-MM", sorted; empty: not stated. */
  startTerms: string[];
  /** Per year for home students, in the program's currency, "9250.00"; tuition is the international figure. */
  tuitionHome: string | null;
  /** In the program's currency, "75.00". */
  applicationFee: string | null;
  /** Whether the university can sponsor a student visa. */
  visaSponsorship: boolean | null;
}

/** A program that states none of them. */
export const NO_REQUIREMENTS: ProgramRequirements = Object.freeze({
  minGrade: null,
  minIelts: null,
  minToefl: null,
  minDuolingo: null,
  minCambridge: null,
  startTerms: [],
  tuitionHome: null,
  applicationFee: null,
  visaSponsorship: null,
});

export const MIN_GRADE_INVALID = "Minimum grade must be a number from 0 to 100 on the common scale (e.g. 60)";
export const VISA_INVALID = 'Visa sponsorship must be "yes", "no" or empty (not stated)';
export const MAX_START_TERMS = 12;

/** "" and null clear the field; a field left out stays undefined (kept on an edit). */
const blankToNull = (value: unknown) =>
  value === "" || (typeof value === "string" && value.trim() === "") ? null : value;
const asNumber = (value: unknown) =>
  typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

function englishMinimum(test: EnglishTest) {
  const message = englishScoreProblem(test, -1)!;
  return z.preprocess(
    (value) => asNumber(blankToNull(value)),
    z
      .number({ error: `Minimum ${ENGLISH_TEST_RULES[test].label}: ${message}` })
      .refine(
        (score) => englishScoreProblem(test, score) === null,
        `Minimum ${ENGLISH_TEST_RULES[test].label}: ${message}`,
      )
      .nullable()
      .optional(),
  );
}

function amount(label: string) {
  return z.preprocess(
    blankToNull,
    z
      .union([z.string(), z.number()], {
        error: `${label}: enter an amount in the program's currency (e.g. 75.00)`,
      })
      .transform((value, context) => {
        const check = checkTuition(value);
        if (check.ok) return check.value;
        context.addIssue({ code: "custom", message: `${label}: ${check.message.replace(/^Tuition/, "it")}` });
        return z.NEVER;
      })
      .nullable()
      .optional(),
  );
}

/** The requirement fields of the program schema (programSchema spreads them in). */
export const requirementShape = {
  minGrade: z.preprocess(
    (value) => asNumber(blankToNull(value)),
    z
      .number({ error: MIN_GRADE_INVALID })
      .min(0, MIN_GRADE_INVALID)
      .max(100, MIN_GRADE_INVALID)
      .refine(
        (grade) => Number.isInteger(Math.round(grade * 10 * 1e6) / 1e6),
        "Minimum grade: at most one decimal",
      )
      .nullable()
      .optional(),
  ),
  minIelts: englishMinimum("ielts"),
  minToefl: englishMinimum("toefl"),
  minDuolingo: englishMinimum("duolingo"),
  minCambridge: englishMinimum("cambridge"),
  /** A list, or a text "2027-09; 2028-01" (the form and CSV cells); empty: not stated. */
  startTerms: z.preprocess(
    (value) => (value === null ? [] : typeof value === "string" ? splitTerms(value) : value),
    z
      .array(z.string({ error: TERM_INVALID }).trim().refine(isTerm, TERM_INVALID), {
        error: "Start terms must be a list of months such as 2027-09",
      })
      .max(MAX_START_TERMS, `At most ${MAX_START_TERMS} start terms`)
      .transform((terms) => [...new Set(terms)].sort())
      .optional(),
  ),
  tuitionHome: amount("Home tuition"),
  applicationFee: amount("Application fee"),
  visaSponsorship: z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      if (typeof blank !== "string") return blank;
      const word = blank.trim().toLowerCase();
      return word === "yes" || word === "true" ? true : word === "no" || word === "false" ? false : blank;
    },
    z.boolean({ error: VISA_INVALID }).nullable().optional(),
  ),
};

/** The requirements a write sets: those the input names (undefined: keep; null: clear). */
export type RequirementInput = {
  [K in RequirementField]?: K extends "startTerms" ? string[] : ProgramRequirements[K];
};

/** A row's requirement columns as the DTO has them (Prisma's Decimals are read through their text). */
export function requirementsOf(row: {
  minGrade: { toString(): string } | null;
  minIelts: { toString(): string } | null;
  minToefl: number | null;
  minDuolingo: number | null;
  minCambridge: number | null;
  startTerms: string[];
  tuitionHome: { toFixed(places: number): string } | null;
  applicationFee: { toFixed(places: number): string } | null;
  visaSponsorship: boolean | null;
}): ProgramRequirements {
  return {
    minGrade: row.minGrade === null ? null : Number(row.minGrade.toString()),
    minIelts: row.minIelts === null ? null : Number(row.minIelts.toString()),
    minToefl: row.minToefl,
    minDuolingo: row.minDuolingo,
    minCambridge: row.minCambridge,
    startTerms: row.startTerms,
    tuitionHome: row.tuitionHome?.toFixed(2) ?? null,
    applicationFee: row.applicationFee?.toFixed(2) ?? null,
    visaSponsorship: row.visaSponsorship,
  };
}

/** What the fit check reads of a program with these requirements. */
export function fitRequirements(
  requirements: ProgramRequirements,
  program: { tuition: string; currency: string; countryCode: string; country: string },
): FitRequirements {
  return {
    countryCode: program.countryCode,
    country: program.country,
    minGrade: requirements.minGrade,
    minEnglish: Object.fromEntries(
      Object.entries(ENGLISH_MINIMUMS).map(([field, test]) => [
        test,
        requirements[field as EnglishMinimumField],
      ]),
    ),
    startTerms: requirements.startTerms,
    tuition: Number(program.tuition),
    currency: program.currency,
    tuitionHome: requirements.tuitionHome === null ? null : Number(requirements.tuitionHome),
    visaSponsorship: requirements.visaSponsorship,
  };
}

/** The requirement columns of the Prisma select of a program. */
export const requirementSelect = Object.fromEntries(
  REQUIREMENT_FIELDS.map((field) => [field, true]),
) as Record<RequirementField, true>;

/** The requirement columns a write sets: those the input names (a Prisma create or update's data). */
export function requirementData(input: RequirementInput): RequirementInput {
  return Object.fromEntries(
    REQUIREMENT_FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
  );
}

/**
 * The text of each requirement for the form and the CSV export ("" for not stated; start terms
 * joined with `separator`: "2027-09, 2028-01").
 */
export function requirementsToInput(
  requirements: ProgramRequirements | null,
  separator = ", ",
): Record<RequirementField, string> {
  const text = (value: number | string | null) => (value === null ? "" : String(value));
  return {
    minGrade: text(requirements?.minGrade ?? null),
    minIelts: requirements?.minIelts == null ? "" : requirements.minIelts.toFixed(1),
    minToefl: text(requirements?.minToefl ?? null),
    minDuolingo: text(requirements?.minDuolingo ?? null),
    minCambridge: text(requirements?.minCambridge ?? null),
    startTerms: (requirements?.startTerms ?? []).join(separator),
    tuitionHome: text(requirements?.tuitionHome ?? null),
    applicationFee: text(requirements?.applicationFee ?? null),
    visaSponsorship: requirements?.visaSponsorship == null ? "" : requirements.visaSponsorship ? "yes" : "no",
  };
}
