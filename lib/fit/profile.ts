import type { FitProfile } from "./rules";
import { STUDENT_PROFILE_FIELDS, type StudentProfileFormValues } from "@/lib/validation/student-profile";
import { ENGLISH_TEST_RULES, ENGLISH_TESTS, formatEnglishScore } from "./english";
import { describeGrade } from "./grades";
import { formatTerm } from "./terms";

export const STUDENT_PROFILE_SAVED = "Your study profile is saved. Program pages now show how you fit.";

/** A student's saved profile (GET /api/user/study-profile): what the fit check reads, and more. */
export interface StudentProfileDto extends FitProfile {
  residence: string | null;
  qualification: string | null;
  updatedAt: string;
  version: number;
}

/** The form's starting values: the saved profile as text, blank where nothing is saved. */
export function profileFormValues(profile: StudentProfileDto | null): StudentProfileFormValues {
  const values = Object.fromEntries(
    STUDENT_PROFILE_FIELDS.map((field) => [field, ""]),
  ) as StudentProfileFormValues;
  values.version = String(profile?.version ?? 0);
  if (!profile) return values;
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  values.nationality = text(profile.nationality);
  values.residence = text(profile.residence);
  values.qualification = text(profile.qualification);
  values.gradeScale = text(profile.gradeScale);
  values.grade = text(profile.grade);
  for (const test of ENGLISH_TESTS) {
    const result = profile.english[test];
    values[`${test}Score`] = result
      ? test === "ielts"
        ? result.score.toFixed(1)
        : String(result.score)
      : "";
    values[`${test}TakenOn`] = result?.takenOn ?? "";
  }
  values.budgetAmount = profile.budgetAmount === null ? "" : String(profile.budgetAmount);
  values.budgetCurrency = text(profile.budgetCurrency);
  values.startTerm = text(profile.startTerm);
  return values;
}

/** The profile as labelled lines ("Nationality", "DE"), blank facts left out: the data export's page. */
export function profileFacts(profile: StudentProfileDto): [string, string][] {
  const rows: [string, string | null][] = [
    ["Nationality", profile.nationality],
    ["Country of residence", profile.residence],
    ["Highest qualification", profile.qualification],
    [
      "Grade",
      profile.gradeScale && profile.grade !== null
        ? `${describeGrade(profile.gradeScale, profile.grade)}, ${profile.gradeScore} on the common scale`
        : null,
    ],
    ...ENGLISH_TESTS.map((test): [string, string | null] => {
      const result = profile.english[test];
      return [
        ENGLISH_TEST_RULES[test].label,
        result ? `${formatEnglishScore(test, result.score)}, taken ${result.takenOn}` : null,
      ];
    }),
    [
      "Yearly budget",
      profile.budgetAmount !== null && profile.budgetCurrency
        ? `${profile.budgetAmount} ${profile.budgetCurrency}`
        : null,
    ],
    ["Preferred start", profile.startTerm ? formatTerm(profile.startTerm) : null],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null);
}
