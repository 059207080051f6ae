import {
  checkBudget,
  checkEnglish,
  checkFit,
  checkGrade,
  checkStart,
  checkVisa,
  englishResultValid,
  type FitProfile,
  type FitRequirements,
} from "@/lib/fit/rules";

const today = new Date("2026-11-27T12:00:00Z");
const empty: FitProfile = {
  nationality: null,
  gradeScale: null,
  grade: null,
  gradeScore: null,
  english: {},
  budgetAmount: null,
  budgetCurrency: null,
  startTerm: null,
};
const unstated: FitRequirements = {
  countryCode: "DE",
  country: "Germany",
  minGrade: null,
  minEnglish: {},
  startTerms: [],
  tuition: 12000,
  currency: "USD",
  tuitionHome: null,
  visaSponsorship: null,
};
const options = { today };

describe("grade", () => {
  const program = { ...unstated, minGrade: 60 };
  const student = (score: number) => ({
    ...empty,
    gradeScale: "gpa4" as const,
    grade: "3.3",
    gradeScore: score,
  });
  test("at the minimum: met; a tenth below: not met", () => {
    expect(checkGrade(student(60), program)).toMatchObject({
      status: "met",
      reason: "Minimum grade 60 on the common scale, yours 60 (3.3 (GPA out of 4))",
    });
    expect(checkGrade(student(59.9), program).status).toBe("not-met");
  });
  test("unknown when either side does not say", () => {
    expect(checkGrade(student(80), unstated)).toMatchObject({
      status: "unknown",
      reason: "The university does not state a minimum grade",
    });
    expect(checkGrade(empty, program)).toMatchObject({
      status: "unknown",
      reason: "Minimum grade 60 on the common scale; no grade on your profile",
    });
  });
});

describe("English", () => {
  const program = { ...unstated, minEnglish: { ielts: 6, toefl: 90 } };
  const ielts = (score: number, takenOn = "2026-01-10") => ({
    ...empty,
    english: { ielts: { score, takenOn } },
  });
  test("at the minimum: met, with both figures", () => {
    expect(checkEnglish(ielts(6.5), program, today)).toMatchObject({
      status: "met",
      reason: "IELTS 6.0 required, yours 6.5",
    });
    expect(checkEnglish(ielts(6), program, today).status).toBe("met");
    expect(checkEnglish(ielts(5.5), program, today)).toMatchObject({
      status: "not-met",
      reason: "IELTS 6.0 required, yours 5.5",
    });
  });
  test("any one accepted test that passes is enough", () => {
    const both = {
      ...empty,
      english: { ielts: { score: 5.5, takenOn: "2026-01-10" }, toefl: { score: 95, takenOn: "2026-01-10" } },
    };
    expect(checkEnglish(both, program, today)).toMatchObject({
      status: "met",
      reason: "TOEFL iBT 90 required, yours 95",
    });
  });
  test("no test on the profile, or none the university names: unknown", () => {
    expect(checkEnglish(empty, program, today)).toMatchObject({
      status: "unknown",
      reason: "IELTS 6.0 required or TOEFL iBT 90 required; no English test on your profile",
    });
    const duolingo = { ...empty, english: { duolingo: { score: 120, takenOn: "2026-01-10" } } };
    expect(checkEnglish(duolingo, program, today).status).toBe("unknown");
    expect(checkEnglish(duolingo, program, today).reason).toMatch(/your profile has Duolingo English Test/);
    expect(checkEnglish(ielts(7), unstated, today)).toMatchObject({
      status: "unknown",
      reason: "The university does not state a minimum English score",
    });
  });
  test("a result two years old has expired: not met, and the reason says to take it again", () => {
    expect(englishResultValid("2024-11-28", today)).toBe(true);
    expect(englishResultValid("2024-11-27", today)).toBe(false);
    const old = checkEnglish(ielts(8, "2024-11-27"), program, today);
    expect(old.status).toBe("not-met");
    expect(old.reason).toMatch(/more than 2 years ago: take it again/);
    expect(checkEnglish(ielts(8, "2024-11-28"), program, today).status).toBe("met");
  });
});

describe("budget", () => {
  const usd = (amount: number, nationality: string | null = "FR") => ({
    ...empty,
    nationality,
    budgetAmount: amount,
    budgetCurrency: "USD",
  });
  test("tuition equal to the budget: met; a dollar over: not met", () => {
    expect(checkBudget(usd(12000), unstated, options)).toMatchObject({
      status: "met",
      reason: "International tuition $12,000 a year, your budget $12,000",
    });
    expect(checkBudget(usd(11999), unstated, options).status).toBe("not-met");
  });
  test("a national of the university's country is checked against home tuition when stated", () => {
    const program = { ...unstated, tuitionHome: 1500 };
    expect(checkBudget(usd(2000, "DE"), program, options)).toMatchObject({
      status: "met",
      reason: "Home students' tuition $1,500 a year, your budget $2,000",
    });
    expect(checkBudget(usd(2000, "DE"), unstated, options)).toMatchObject({
      status: "not-met",
      reason: "Tuition (home students' not stated) $12,000 a year, your budget $2,000",
    });
  });
  test("another currency: unknown without a rate, converted with one (and its date)", () => {
    const euros = { ...empty, budgetAmount: 11000, budgetCurrency: "EUR" };
    expect(checkBudget(euros, unstated, options)).toMatchObject({
      status: "unknown",
      reason: "International tuition $12,000 a year; your budget €11,000 needs an exchange rate to compare",
    });
    const rates = { EUR: { rate: "0.9", date: "2026-11-01" } };
    expect(checkBudget(euros, unstated, { today, rates })).toMatchObject({
      status: "met",
      reason: "International tuition $12,000 (about €10,800, rate of 1 Nov 2026) a year, your budget €11,000",
    });
    expect(checkBudget({ ...euros, budgetAmount: 10799.99 }, unstated, { today, rates }).status).toBe(
      "not-met",
    );
  });
  test("a budget in the program's own currency needs no rate", () => {
    const program = { ...unstated, currency: "EUR", tuition: 9000 };
    expect(
      checkBudget({ ...empty, budgetAmount: 9000, budgetCurrency: "EUR" }, program, options),
    ).toMatchObject({
      status: "met",
      reason: "International tuition €9,000 a year, your budget €9,000",
    });
  });
  test("no budget: unknown", () => {
    expect(checkBudget(empty, unstated, options)).toMatchObject({
      status: "unknown",
      reason: "No yearly budget on your profile",
    });
  });
});

describe("start", () => {
  const program = { ...unstated, startTerms: ["2027-09", "2028-01"] };
  test("a listed term: met; another: not met; either side silent: unknown", () => {
    expect(checkStart({ ...empty, startTerm: "2028-01" }, program)).toMatchObject({
      status: "met",
      reason: "Starts September 2027, January 2028; you prefer January 2028",
    });
    expect(checkStart({ ...empty, startTerm: "2027-10" }, program).status).toBe("not-met");
    expect(checkStart(empty, program).reason).toBe(
      "Starts September 2027, January 2028; no preferred start on your profile",
    );
    expect(checkStart({ ...empty, startTerm: "2027-09" }, unstated)).toMatchObject({
      status: "unknown",
      reason: "The university does not state when the program starts",
    });
  });
});

describe("visa", () => {
  const countryName = (code: string) => ({ FR: "France" })[code] ?? code;
  test("a national of the country needs none, whatever the university says", () => {
    expect(
      checkVisa({ ...empty, nationality: "DE" }, { ...unstated, visaSponsorship: false }, options),
    ).toMatchObject({
      status: "met",
      reason: "As a national of Germany you need no student visa there",
    });
  });
  test("not stated stays unknown; sponsorship: met", () => {
    expect(checkVisa({ ...empty, nationality: "FR" }, unstated, options).status).toBe("unknown");
    expect(checkVisa(empty, { ...unstated, visaSponsorship: true }, options).status).toBe("met");
  });
  test("no sponsorship: not met for another nationality, unknown without one", () => {
    const program = { ...unstated, visaSponsorship: false };
    expect(checkVisa({ ...empty, nationality: "FR" }, program, { today, countryName })).toMatchObject({
      status: "not-met",
      reason:
        "The university cannot sponsor a student visa, which a national of France may need to study in Germany",
    });
    expect(checkVisa(empty, program, options).status).toBe("unknown");
  });
});

test("checkFit answers every rule, in order, never dropping an unknown", () => {
  expect(checkFit(empty, unstated, options).map((r) => [r.rule, r.status])).toEqual([
    ["grade", "unknown"],
    ["english", "unknown"],
    ["budget", "unknown"],
    ["start", "unknown"],
    ["visa", "unknown"],
  ]);
});
