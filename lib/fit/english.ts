// The English tests a profile records and a program may ask a minimum of, with each test's score
// range and step (client-safe: the profile form, the program form and the fit check share them).

export const ENGLISH_TESTS = ["ielts", "toefl", "duolingo", "cambridge"] as const;
export type EnglishTest = (typeof ENGLISH_TESTS)[number];

export interface EnglishTestRule {
  label: string;
  min: number;
  max: number;
  /** Scores go up in steps of this size (IELTS bands in halves, Duolingo in fives). */
  step: number;
}

export const ENGLISH_TEST_RULES: Record<EnglishTest, EnglishTestRule> = {
  ielts: { label: "IELTS", min: 0, max: 9, step: 0.5 },
  toefl: { label: "TOEFL iBT", min: 0, max: 120, step: 1 },
  duolingo: { label: "Duolingo English Test", min: 10, max: 160, step: 5 },
  cambridge: { label: "Cambridge English Scale (C1/C2)", min: 80, max: 230, step: 1 },
};

/** Results older than this many years are expired: the test providers and universities say two. */
export const ENGLISH_RESULT_YEARS = 2;

/** The rule a score breaks, in words, or null when it is a score of `test`. */
export function englishScoreProblem(test: EnglishTest, score: number): string | null {
  const { label, min, max, step } = ENGLISH_TEST_RULES[test];
  const steps = (score - min) / step;
  if (!Number.isFinite(score) || score < min || score > max || Math.abs(steps - Math.round(steps)) > 1e-9) {
    const how = step === 0.5 ? "in steps of 0.5" : step === 1 ? "a whole number" : `in steps of ${step}`;
    return `${label} scores go from ${min} to ${max}, ${how}`;
  }
  return null;
}

/** A score as the test reports it: IELTS with one decimal ("6.0"), the others whole. */
export function formatEnglishScore(test: EnglishTest, score: number): string {
  return test === "ielts" ? score.toFixed(1) : String(score);
}
