import { convert, type Rates } from "@/lib/money/convert";
import { formatMoney, formatRateDate } from "@/lib/money/format";
import {
  ENGLISH_RESULT_YEARS,
  ENGLISH_TEST_RULES,
  ENGLISH_TESTS,
  formatEnglishScore,
  type EnglishTest,
} from "./english";
import { describeGrade, type GradeScale } from "./grades";
import { formatTerm } from "./terms";

// The fit check: a student's profile against one program's requirements. Each requirement is met,
// not met or unknown, always with its reason in words; unknown is never dropped, because "the
// university does not say" and "your profile does not say" are both worth knowing. They run on
// the server: for the shortlist as it renders, and for the cached public pages' cards through
// GET /api/user/fit. The program search's fit filters are the same rules in SQL
// (lib/programs/fit-sql.server.ts).

export type FitStatus = "met" | "not-met" | "unknown";
export type FitRule = "grade" | "english" | "budget" | "start" | "visa";

export interface FitResult {
  rule: FitRule;
  /** What is checked, as a heading: "Grade", "English". */
  label: string;
  status: FitStatus;
  reason: string;
}

export interface EnglishResult {
  score: number;
  /** The day the test was taken, "YYYY-MM-DD". */
  takenOn: string;
}

/** What the fit check reads of a student's profile (lib/fit/profile.ts's DTO has it all). */
export interface FitProfile {
  nationality: string | null;
  gradeScale: GradeScale | null;
  grade: string | null;
  /** The grade on the common 0-100 scale (lib/fit/grades.ts). */
  gradeScore: number | null;
  english: Partial<Record<EnglishTest, EnglishResult | null>>;
  budgetAmount: number | null;
  budgetCurrency: string | null;
  startTerm: string | null;
}

/** What the fit check reads of a program (amounts in the program's currency). */
export interface FitRequirements {
  /** The university's country: ISO code and name. */
  countryCode: string;
  country: string;
  minGrade: number | null;
  minEnglish: Partial<Record<EnglishTest, number | null>>;
  startTerms: readonly string[];
  /** The international students' yearly tuition, in `currency`. */
  tuition: number;
  /** The ISO 4217 currency of the program's amounts. */
  currency: string;
  tuitionHome: number | null;
  visaSponsorship: boolean | null;
}

export interface FitOptions {
  /** Today, for the age of English results. */
  today: Date;
  /**
   * The latest exchange rates (lib/money): a budget in another currency than the program's is
   * compared through them, and is unknown without a rate.
   */
  rates?: Rates;
  /** How a country code is named ("DE" → "Germany"); the code itself by default. */
  countryName?: (code: string) => string;
}

const result = (rule: FitRule, label: string, status: FitStatus, reason: string): FitResult => ({
  rule,
  label,
  status,
  reason,
});

const figure = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

export function checkGrade(profile: FitProfile, program: FitRequirements): FitResult {
  const label = "Grade";
  if (program.minGrade === null)
    return result("grade", label, "unknown", "The university does not state a minimum grade");
  const needed = `Minimum grade ${figure(program.minGrade)} on the common scale`;
  if (profile.gradeScore === null || profile.gradeScale === null || profile.grade === null) {
    return result("grade", label, "unknown", `${needed}; no grade on your profile`);
  }
  const yours = `yours ${figure(profile.gradeScore)} (${describeGrade(profile.gradeScale, profile.grade)})`;
  return result(
    "grade",
    label,
    profile.gradeScore >= program.minGrade ? "met" : "not-met",
    `${needed}, ${yours}`,
  );
}

/** Whether a result taken on `takenOn` is still valid on `today` (less than two years old). */
export function englishResultValid(takenOn: string, today: Date): boolean {
  const taken = new Date(`${takenOn}T00:00:00Z`);
  const expires = Date.UTC(
    taken.getUTCFullYear() + ENGLISH_RESULT_YEARS,
    taken.getUTCMonth(),
    taken.getUTCDate(),
  );
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return day < expires;
}

export function checkEnglish(profile: FitProfile, program: FitRequirements, today: Date): FitResult {
  const label = "English";
  const asked = ENGLISH_TESTS.filter((test) => program.minEnglish[test] != null);
  const taken = ENGLISH_TESTS.filter((test) => profile.english[test] != null);
  const name = (test: EnglishTest) => ENGLISH_TEST_RULES[test].label;
  const needed = (test: EnglishTest) =>
    `${name(test)} ${formatEnglishScore(test, program.minEnglish[test]!)} required`;
  if (asked.length === 0) {
    return result("english", label, "unknown", "The university does not state a minimum English score");
  }
  if (taken.length === 0) {
    return result(
      "english",
      label,
      "unknown",
      `${asked.map(needed).join(" or ")}; no English test on your profile`,
    );
  }
  const both = asked.filter((test) => taken.includes(test));
  if (both.length === 0) {
    return result(
      "english",
      label,
      "unknown",
      `${asked.map(needed).join(" or ")}; your profile has ${taken.map(name).join(" and ")}, which the university does not state a minimum for`,
    );
  }
  const reasons = both.map((test) => {
    const { score, takenOn } = profile.english[test]!;
    const valid = englishResultValid(takenOn, today);
    const yours = `yours ${formatEnglishScore(test, score)}`;
    const met = valid && score >= program.minEnglish[test]!;
    const expired = valid
      ? ""
      : ` (taken ${takenOn}, more than ${ENGLISH_RESULT_YEARS} years ago: take it again)`;
    return { met, text: `${needed(test)}, ${yours}${expired}` };
  });
  const passed = reasons.find((reason) => reason.met);
  if (passed) return result("english", label, "met", passed.text);
  return result("english", label, "not-met", reasons.map((reason) => reason.text).join("; "));
}

export function checkBudget(profile: FitProfile, program: FitRequirements, options: FitOptions): FitResult {
  const label = "Budget";
  if (profile.budgetAmount === null || profile.budgetCurrency === null) {
    return result("budget", label, "unknown", "No yearly budget on your profile");
  }
  const home = profile.nationality !== null && profile.nationality === program.countryCode;
  const usesHome = home && program.tuitionHome !== null;
  const tuition = usesHome ? program.tuitionHome! : program.tuition;
  const who = usesHome
    ? "Home students' tuition"
    : home
      ? "Tuition (home students' not stated)"
      : "International tuition";
  const own = formatMoney(tuition, program.currency);
  const budget = `your budget ${formatMoney(profile.budgetAmount, profile.budgetCurrency)}`;
  const converted =
    profile.budgetCurrency === program.currency
      ? null
      : convert(tuition, program.currency, profile.budgetCurrency, options.rates ?? {});
  if (profile.budgetCurrency !== program.currency && converted === null) {
    return result(
      "budget",
      label,
      "unknown",
      `${who} ${own} a year; ${budget} needs an exchange rate to compare`,
    );
  }
  const cost = converted
    ? `${own} (about ${formatMoney(converted.amount, profile.budgetCurrency)}${
        converted.rateDate ? `, rate of ${formatRateDate(converted.rateDate)}` : ""
      })`
    : own;
  const amount = converted ? Number(converted.amount) : tuition;
  return result(
    "budget",
    label,
    amount <= profile.budgetAmount ? "met" : "not-met",
    `${who} ${cost} a year, ${budget}`,
  );
}

export function checkStart(profile: FitProfile, program: FitRequirements): FitResult {
  const label = "Start";
  if (program.startTerms.length === 0)
    return result("start", label, "unknown", "The university does not state when the program starts");
  const starts = `Starts ${program.startTerms.map(formatTerm).join(", ")}`;
  if (profile.startTerm === null)
    return result("start", label, "unknown", `${starts}; no preferred start on your profile`);
  const met = program.startTerms.includes(profile.startTerm);
  return result(
    "start",
    label,
    met ? "met" : "not-met",
    `${starts}; you prefer ${formatTerm(profile.startTerm)}`,
  );
}

export function checkVisa(profile: FitProfile, program: FitRequirements, options: FitOptions): FitResult {
  const label = "Student visa";
  const country = program.country;
  if (profile.nationality !== null && profile.nationality === program.countryCode) {
    return result("visa", label, "met", `As a national of ${country} you need no student visa there`);
  }
  if (program.visaSponsorship === null) {
    return result(
      "visa",
      label,
      "unknown",
      "The university does not state whether it can sponsor a student visa",
    );
  }
  if (program.visaSponsorship)
    return result("visa", label, "met", "The university can sponsor a student visa");
  if (profile.nationality === null) {
    return result(
      "visa",
      label,
      "unknown",
      "The university cannot sponsor a student visa; add your nationality to see whether you need one",
    );
  }
  const name = options.countryName?.(profile.nationality) ?? profile.nationality;
  return result(
    "visa",
    label,
    "not-met",
    `The university cannot sponsor a student visa, which a national of ${name} may need to study in ${country}`,
  );
}

/** Whether the profile holds anything the fit check can use. */
export function profileHasFacts(profile: FitProfile | null): boolean {
  if (!profile) return false;
  return (
    profile.nationality !== null ||
    profile.gradeScore !== null ||
    ENGLISH_TESTS.some((test) => profile.english[test]) ||
    profile.budgetAmount !== null ||
    profile.startTerm !== null
  );
}

/** Every requirement of `program` against `profile`, in a fixed order. */
export function checkFit(profile: FitProfile, program: FitRequirements, options: FitOptions): FitResult[] {
  return [
    checkGrade(profile, program),
    checkEnglish(profile, program, options.today),
    checkBudget(profile, program, options),
    checkStart(profile, program),
    checkVisa(profile, program, options),
  ];
}

const regionNames =
  typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;

/** A country's English name from its ISO code ("DE" → "Germany"); the code where unknown. */
export function countryName(code: string): string {
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}
