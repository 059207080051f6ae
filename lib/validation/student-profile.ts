import { ENGLISH_TESTS, englishScoreProblem, type EnglishTest } from "@/lib/fit/english";
import { GRADE_SCALES, gradeRangeText, normaliseGrade, type GradeScale } from "@/lib/fit/grades";
import { isTerm, TERM_INVALID } from "@/lib/fit/terms";
import { blankToUndefined, versionSchema } from "./common";
import { isOneLine, oneLineMessage } from "./text";
import { z } from "./zod";

// The student's profile for the fit check: the profile page's form (its server action) and
// PUT /api/user/study-profile, which replaces the whole profile (a field left out or blank is
// cleared). Every field is optional; a few come in pairs (a scale and its grade, a score and its
// date, an amount and its currency) and one without the other is refused on the missing one.

export const QUALIFICATION_MAX = 120;
export const COUNTRY_INVALID = "Choose a country from the list";
export const CURRENCY_INVALID = "Enter a currency as its three-letter ISO code, e.g. EUR or USD";
export const BUDGET_INVALID = "Enter your yearly budget as an amount, e.g. 15000";
export const BUDGET_MAX = 9_999_999_999;
export const GRADE_SCALE_INVALID = `Choose a grade scale: ${GRADE_SCALES.join(", ")}`;
export const GRADE_NEEDS_SCALE = "Choose the scale your grade is on";
export const SCALE_NEEDS_GRADE = "Enter your grade on this scale, or clear the scale";
export const SCORE_NEEDS_DATE = "Enter the date you took this test";
export const DATE_NEEDS_SCORE = "Enter your score, or clear the date";
export const TAKEN_ON_INVALID = "Enter the date you took the test, e.g. 2026-05-14, not in the future";
export const PROFILE_CHANGED =
  "Your profile was saved from another page since you opened this one: reload to see it, then make your change again.";

/** Currencies this runtime knows (ISO 4217); a three-letter code when the list is not available. */
function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("currency");
  return known ? known.includes(code) : true;
}

const text = (value: unknown) => (typeof value === "number" ? String(value) : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const countryCode = optional(
  z
    .string({ error: COUNTRY_INVALID })
    .trim()
    .transform((code) => code.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, COUNTRY_INVALID)),
);

/** A day "YYYY-MM-DD" from 2000 until `today` (the test's date cannot be in the future). */
function takenOn(today: () => Date) {
  return optional(
    z
      .string({ error: TAKEN_ON_INVALID })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, TAKEN_ON_INVALID)
      .refine((day) => {
        const date = new Date(`${day}T00:00:00Z`);
        if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return false;
        const now = today();
        // A day ahead of UTC's today is someone's today somewhere (UTC+14).
        return day >= "2000-01-01" && date.getTime() <= now.getTime() + 86_400_000;
      }, TAKEN_ON_INVALID),
  );
}

/** A score of `test`; anything else is refused with the test's range and step. */
function englishScore(test: EnglishTest) {
  // Every test's range starts at 0 or more, so -1 gives its message.
  const message = englishScoreProblem(test, -1)!;
  return optional(
    z.preprocess(
      (value) => (typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
      z.number({ error: message }).superRefine((score, context) => {
        const problem = englishScoreProblem(test, score);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    ),
  );
}

export function studentProfileSchema({ today = () => new Date() }: { today?: () => Date } = {}) {
  const shape = {
    nationality: countryCode,
    residence: countryCode,
    qualification: optional(
      z
        .string()
        .trim()
        .max(QUALIFICATION_MAX, `Qualification must be at most ${QUALIFICATION_MAX} characters`)
        .refine(isOneLine, oneLineMessage("Qualification")),
    ),
    gradeScale: optional(z.enum(GRADE_SCALES, { error: GRADE_SCALE_INVALID })),
    grade: optional(z.preprocess(text, z.string({ error: "Enter your grade" }).trim().max(20))),
    ...Object.fromEntries(
      ENGLISH_TESTS.flatMap((test) => [
        [`${test}Score`, englishScore(test)],
        [`${test}TakenOn`, takenOn(today)],
      ]),
    ),
    budgetAmount: optional(
      z.preprocess(
        (value) => {
          const raw = typeof value === "string" ? value.replaceAll(",", "").trim() : value;
          return typeof raw === "string" && /^\d+(\.\d{1,2})?$/.test(raw) ? Number(raw) : raw;
        },
        z.number({ error: BUDGET_INVALID }).min(0, BUDGET_INVALID).max(BUDGET_MAX, BUDGET_INVALID),
      ),
    ),
    budgetCurrency: optional(
      z
        .string({ error: CURRENCY_INVALID })
        .trim()
        .transform((code) => code.toUpperCase())
        .refine(isCurrency, CURRENCY_INVALID),
    ),
    startTerm: optional(z.string({ error: TERM_INVALID }).trim().refine(isTerm, TERM_INVALID)),
    version: versionSchema,
  } as Record<string, z.ZodType>;

  return z
    .object(shape)
    .superRefine((input, context) => {
      const issue = (path: string, message: string) =>
        context.addIssue({ code: "custom", path: [path], message });
      const scale = input.gradeScale as GradeScale | undefined;
      const grade = input.grade as string | undefined;
      if (scale && grade === undefined) issue("grade", SCALE_NEEDS_GRADE);
      if (!scale && grade !== undefined) issue("gradeScale", GRADE_NEEDS_SCALE);
      if (scale && grade !== undefined && normaliseGrade(scale, grade) === null)
        issue("grade", gradeRangeText(scale));
      for (const test of ENGLISH_TESTS) {
        const score = input[`${test}Score`];
        const day = input[`${test}TakenOn`];
        if (score !== undefined && day === undefined) issue(`${test}TakenOn`, SCORE_NEEDS_DATE);
        if (score === undefined && day !== undefined) issue(`${test}Score`, DATE_NEEDS_SCORE);
      }
      if (input.budgetAmount !== undefined && input.budgetCurrency === undefined)
        issue("budgetCurrency", "Enter the currency of your budget, e.g. EUR");
      if (input.budgetAmount === undefined && input.budgetCurrency !== undefined)
        issue("budgetAmount", "Enter your yearly budget, or clear the currency");
    })
    .transform((input) => input as unknown as StudentProfileInput);
}

/**
 * The one schema instance the route, the action and the form share (the security corpus pairs an
 * action with its route by it).
 */
export const STUDENT_PROFILE_SCHEMA = studentProfileSchema();

/** The saved profile as the server writes it (absent: cleared). */
export interface StudentProfileInput {
  nationality?: string;
  residence?: string;
  qualification?: string;
  gradeScale?: GradeScale;
  grade?: string;
  ieltsScore?: number;
  ieltsTakenOn?: string;
  toeflScore?: number;
  toeflTakenOn?: string;
  duolingoScore?: number;
  duolingoTakenOn?: string;
  cambridgeScore?: number;
  cambridgeTakenOn?: string;
  budgetAmount?: number;
  budgetCurrency?: string;
  startTerm?: string;
  version?: number;
}

/** The form's fields: all text, blank for nothing. */
export const STUDENT_PROFILE_FIELDS = [
  "nationality",
  "residence",
  "qualification",
  "gradeScale",
  "grade",
  ...ENGLISH_TESTS.flatMap((test) => [`${test}Score`, `${test}TakenOn`] as const),
  "budgetAmount",
  "budgetCurrency",
  "startTerm",
] as const;
export type StudentProfileField = (typeof STUDENT_PROFILE_FIELDS)[number];
export type StudentProfileFormValues = Record<StudentProfileField, string> & { version: string };
