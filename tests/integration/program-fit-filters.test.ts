import { prisma } from "@/lib/db/client.server";
import { fitRequirements, requirementSelect, requirementsOf } from "@/lib/fit/requirements";
import { checkFit, type FitProfile, type FitRule } from "@/lib/fit/rules";
import type { Rates } from "@/lib/money/convert";
import { toProgramCriteria } from "@/lib/programs/criteria";
import { FIT_FILTERS, type FitFilter } from "@/lib/programs/fit-filters";
import { fitConditions } from "@/lib/programs/fit-sql.server";
import { searchPrograms } from "@/lib/programs/search.server";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";

// The program search's fit filters against the fit check: for every combination of the three
// filters, the search keeps exactly the programs the check does not find failing (unknown stays),
// and says how many each filter left out. Programs cover each rule's boundaries: a minimum equal to
// the student's figure, a test the student did not take, an expired result, a budget compared
// through a rate, a currency without one, and home students' tuition.

const tag = uniqueTag();
const today = new Date();
const recent = new Date(today.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
const rates: Rates = { EUR: { rate: "0.9", date: "2026-11-01" }, GBP: { rate: "0.8", date: "2026-11-01" } };

const profile: FitProfile = {
  nationality: "DE",
  gradeScale: "percentage",
  grade: "72",
  gradeScore: 72,
  english: { ielts: { score: 6.5, takenOn: recent } },
  budgetAmount: 15_000,
  budgetCurrency: "EUR",
  startTerm: null,
};

type Columns = Partial<{
  minGrade: number;
  minIelts: number;
  minToefl: number;
  currency: string;
  tuitionHome: number;
  visaSponsorship: boolean;
}>;

// Name, country, tuition, requirement columns.
const PROGRAMS: [string, "DE" | "GB", number, Columns][] = [
  ["Open door", "GB", 10_000, {}],
  ["Grade above", "GB", 10_000, { minGrade: 80 }],
  ["Grade equal", "GB", 10_000, { minGrade: 72 }],
  ["IELTS above", "GB", 10_000, { minIelts: 7 }],
  ["IELTS equal or TOEFL", "GB", 10_000, { minIelts: 6.5, minToefl: 100 }],
  ["TOEFL only", "GB", 10_000, { minToefl: 90 }],
  ["Pounds over budget", "GB", 20_000, { currency: "GBP", visaSponsorship: true }],
  ["Pounds within budget", "GB", 9_000, { currency: "GBP", visaSponsorship: false }],
  ["Dollars on the line", "GB", 16_666.67, { visaSponsorship: true }],
  ["Dollars over the line", "GB", 16_666.68, {}],
  ["Yen without a rate", "GB", 1_000_000, { currency: "JPY" }],
  ["Home fees", "DE", 40_000, { currency: "EUR", tuitionHome: 0, visaSponsorship: true }],
  ["Euros over budget", "DE", 15_000.01, { currency: "EUR", minGrade: 50 }],
];

const RULES_OF: Record<Exclude<FitFilter, "visa">, FitRule[]> = {
  qualify: ["grade", "english"],
  budget: ["budget"],
};

let expectedFailures: Map<string, Set<FitFilter>>;

/** The test's rates as the database holds them too: the maximum tuition reads them there. */
async function storeRates() {
  for (const [currency, { rate, date }] of Object.entries(rates)) {
    await prisma.$executeRaw`
      INSERT INTO "exchange_rates" ("currency", "rateDate", "rate") VALUES (${currency}, ${date}::date, ${rate}::numeric)
      ON CONFLICT ("currency", "rateDate") DO UPDATE SET "rate" = EXCLUDED."rate"`;
  }
}

beforeAll(async () => {
  await storeRates();
  for (const country of ["DE", "GB"] as const) {
    const university = await createUniversity({
      name: `Fit ${tag} ${country} University`,
      countryCode: country,
      programs: PROGRAMS.filter(([, where]) => where === country).map(([name, , tuition]) => ({
        name,
        tuition,
      })),
    });
    for (const program of university.programs) {
      const [, , , columns] = PROGRAMS.find(([name]) => name === program.name)!;
      await prisma.program.update({ where: { id: program.id }, data: columns });
    }
  }
  // What the fit check says of each program, read back as the pages read it.
  const rows = await prisma.program.findMany({
    where: { university: { name: { contains: `Fit ${tag}` } } },
    select: {
      name: true,
      tuition: true,
      currency: true,
      ...requirementSelect,
      university: { select: { country: { select: { code: true, name: true } } } },
    },
  });
  expectedFailures = new Map(
    rows.map((row) => {
      const results = checkFit(
        profile,
        fitRequirements(requirementsOf(row), {
          tuition: row.tuition.toFixed(2),
          currency: row.currency,
          countryCode: row.university.country.code,
          country: row.university.country.name,
        }),
        { today, rates },
      );
      const failing = new Set<FitFilter>();
      for (const [filter, rules] of Object.entries(RULES_OF) as [FitFilter, FitRule[]][]) {
        if (results.some((result) => rules.includes(result.rule) && result.status === "not-met")) {
          failing.add(filter);
        }
      }
      if (row.visaSponsorship !== true) failing.add("visa");
      return [row.name, failing];
    }),
  );
});

afterAll(async () => {
  await cleanup();
  await prisma.exchangeRate.deleteMany({
    where: {
      OR: Object.entries(rates).map(([currency, { date }]) => ({ currency, rateDate: new Date(date) })),
    },
  });
});

const search = (filters: readonly FitFilter[], extra: { cost?: number } = {}, fitProfile = profile) =>
  searchPrograms(toProgramCriteria({ q: `Fit ${tag}`, ...extra }, today), {
    sort: "name",
    limit: 50,
    offset: 0,
    rates,
    fit: fitConditions(filters, { profile: fitProfile, signedIn: true, rates, today }),
  });
const names = (page: { items: { name: string }[] }) => page.items.map((item) => item.name).sort();

const combinations: FitFilter[][] = [[], ...FIT_FILTERS.map((filter) => [filter])];
combinations.push(["qualify", "budget"], ["qualify", "visa"], ["budget", "visa"], [...FIT_FILTERS]);

test("the check's verdicts cover each rule's boundaries", () => {
  const failing = (filter: FitFilter) =>
    [...expectedFailures]
      .filter(([, filters]) => filters.has(filter))
      .map(([name]) => name)
      .sort();
  // Unknowns stay: TOEFL only (no TOEFL on the profile), Yen without a rate.
  expect(failing("qualify")).toEqual(["Grade above", "IELTS above"]);
  // 15,000 EUR at 0.9 a dollar is 16,666.67 USD; £9,000 at 0.8 is 10,125 EUR; the German
  // student pays the home fee in Germany.
  expect(failing("budget")).toEqual(["Dollars over the line", "Euros over budget", "Pounds over budget"]);
});

test.each(combinations.map((filters) => [filters.join(" + ") || "none", filters] as const))(
  "fit filters %s: the programs the fit check does not fail, and each filter's left-out count",
  async (_name, filters) => {
    const page = await search(filters);
    const kept = [...expectedFailures]
      .filter(([, failing]) => filters.every((filter) => !failing.has(filter)))
      .map(([name]) => name)
      .sort();
    expect(names(page)).toEqual(kept);
    expect(page.total).toBe(kept.length);
    const leftOut = Object.fromEntries(
      filters.map((filter) => [
        filter,
        [...expectedFailures].filter(
          ([, failing]) =>
            failing.has(filter) && filters.every((other) => other === filter || !failing.has(other)),
        ).length,
      ]),
    );
    expect(page.leftOut).toEqual(leftOut);
  },
);

test("an English result more than two years old meets no minimum", async () => {
  const old = { ...profile, english: { ielts: { score: 9, takenOn: "2020-01-01" } } };
  const page = await search(["qualify"], {}, old);
  expect(names(page)).not.toContain("IELTS equal or TOEFL");
  expect(names(page)).not.toContain("IELTS above");
  expect(names(page)).toContain("TOEFL only");
});

test("filters the profile cannot serve leave nothing out and say why", () => {
  const empty: FitProfile = { ...profile, gradeScore: null, gradeScale: null, grade: null, english: {} };
  const [qualify, budget] = fitConditions(["qualify", "budget"], {
    profile: { ...empty, budgetAmount: null, budgetCurrency: null },
    signedIn: true,
    rates,
    today,
  });
  expect(qualify).toMatchObject({ sql: null, fix: "profile" });
  expect(budget).toMatchObject({ sql: null, fix: "profile" });
  const [signedOut, visa] = fitConditions(["qualify", "visa"], {
    profile: null,
    signedIn: false,
    rates,
    today,
  });
  expect(signedOut).toMatchObject({ sql: null, fix: "sign-in" });
  expect(visa.sql).not.toBeNull();
});

test("the maximum tuition is in US dollars: other currencies are compared through their rate", async () => {
  const page = await search([], { cost: 15_000 });
  // £9,000 is $11,250 (kept); £20,000 is $25,000; 15,000.01 EUR is $16,666.68; yen has no rate.
  expect(names(page)).toEqual(
    [
      "Open door",
      "Grade above",
      "Grade equal",
      "IELTS above",
      "IELTS equal or TOEFL",
      "TOEFL only",
      "Pounds within budget",
    ].sort(),
  );
});
