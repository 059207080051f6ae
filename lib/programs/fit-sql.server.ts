import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { ENGLISH_TESTS, type EnglishTest } from "@/lib/fit/english";
import { ENGLISH_MINIMUMS, type EnglishMinimumField } from "@/lib/fit/requirements";
import { englishResultValid, type FitProfile } from "@/lib/fit/rules";
import type { Rates } from "@/lib/money/convert";
import { limitsByCurrency } from "@/lib/money/within";
import { FIT_FILTER_UNUSABLE, type FitFilter } from "./fit-filters";

// The fit filters as SQL conditions on programs `p`: the same rules as the fit check
// (lib/fit/rules.ts), written so that a program is left out exactly when the check says "not met".
// tests/integration/program-fit-filters.test.ts holds the two to each other, program by program.

/** A chosen filter: its condition, or why it cannot apply (then it leaves nothing out). */
export type FitCondition =
  | { filter: FitFilter; sql: Prisma.Sql }
  | { filter: FitFilter; sql: null; unusable: string; fix: "sign-in" | "profile" };

const columnOf = Object.fromEntries(
  Object.entries(ENGLISH_MINIMUMS).map(([column, test]) => [test, column]),
) as Record<EnglishTest, EnglishMinimumField>;

const column = (test: EnglishTest) => Prisma.raw(`p."${columnOf[test]}"`);

/**
 * Grade and English, each unless not met. Grade: a stated minimum above the student's grade on
 * the common scale. English: the program states a minimum for a test the student took, and none
 * of the student's results still valid today reaches its test's minimum.
 */
function qualifyCondition(profile: FitProfile, today: Date): Prisma.Sql | null {
  const parts: Prisma.Sql[] = [];
  if (profile.gradeScore !== null && profile.gradeScale !== null && profile.grade !== null) {
    parts.push(Prisma.sql`(p."minGrade" IS NULL OR p."minGrade" <= ${profile.gradeScore})`);
  }
  const taken = ENGLISH_TESTS.filter((test) => profile.english[test] != null);
  if (taken.length > 0) {
    const asked = Prisma.join(
      taken.map((test) => Prisma.sql`${column(test)} IS NOT NULL`),
      " OR ",
    );
    const valid = taken.filter((test) => englishResultValid(profile.english[test]!.takenOn, today));
    // `IS NOT NULL AND`, not COALESCE(..., FALSE): the same truth, which the planner can size from
    // the column's statistics (it takes any COALESCE for half the rows).
    const reached = valid.length
      ? Prisma.join(
          valid.map(
            (test) =>
              Prisma.sql`(${column(test)} IS NOT NULL AND ${column(test)} <= ${profile.english[test]!.score})`,
          ),
          " OR ",
        )
      : Prisma.sql`FALSE`;
    parts.push(Prisma.sql`(NOT (${asked}) OR ${reached})`);
  }
  return parts.length ? Prisma.join(parts, " AND ") : null;
}

/**
 * The yearly tuition a student pays (home students' where the student is a national of the
 * program's country and the program states it) against a limit per program currency; unknown (a
 * currency without a rate) stays in.
 */
function budgetCondition(profile: FitProfile, rates: Rates): Prisma.Sql | null {
  if (profile.budgetAmount === null || profile.budgetCurrency === null) return null;
  const cost = profile.nationality
    ? Prisma.sql`CASE WHEN p."tuitionHome" IS NOT NULL AND p."universityId" IN (
          SELECT h."id" FROM "universities" h
           WHERE h."countryId" = (SELECT "id" FROM "countries" WHERE "code" = ${profile.nationality}))
        THEN p."tuitionHome" ELSE p."tuition" END`
    : Prisma.sql`p."tuition"`;
  const { byCurrency, currencies } = tuitionLimit(profile.budgetAmount, profile.budgetCurrency, rates);
  // A currency without a rate has no limit and stays. Said as `currency NOT IN (...) OR`, not as
  // the comparison with a missing limit IS NOT FALSE: the same truth (never null), which the
  // planner can size from the currencies' statistics (it took a third of the rows for any budget).
  return Prisma.sql`(p."currency" NOT IN (${Prisma.join(currencies)}) OR ${cost} <= ${byCurrency})`;
}

/**
 * `limit` of `currency` as a program's limit in its own currency: a CASE over the program's
 * currency, NULL for one without a rate; and the currencies that have one.
 */
function tuitionLimit(
  limit: number,
  currency: string,
  rates: Rates,
): { byCurrency: Prisma.Sql; currencies: string[] } {
  const limits = Object.entries(limitsByCurrency(limit, currency, rates));
  return {
    byCurrency: Prisma.sql`(CASE p."currency" ${Prisma.join(
      limits.map(([code, amount]) => Prisma.sql`WHEN ${code} THEN ${amount}::numeric`),
      " ",
    )} END)`,
    currencies: limits.map(([code]) => code),
  };
}

export interface FitContext {
  /** The signed-in student's profile; null signed out or without one. */
  profile: FitProfile | null;
  signedIn: boolean;
  rates: Rates;
  today: Date;
}

/** The conditions of the chosen filters, in the order given. */
export function fitConditions(filters: readonly FitFilter[], context: FitContext): FitCondition[] {
  return filters.map((filter): FitCondition => {
    if (filter === "visa") return { filter, sql: Prisma.sql`p."visaSponsorship" IS TRUE` };
    if (!context.signedIn) {
      return { filter, sql: null, unusable: FIT_FILTER_UNUSABLE.signedOut, fix: "sign-in" };
    }
    const sql = !context.profile
      ? null
      : filter === "qualify"
        ? qualifyCondition(context.profile, context.today)
        : budgetCondition(context.profile, context.rates);
    return sql
      ? { filter, sql }
      : { filter, sql: null, unusable: FIT_FILTER_UNUSABLE[filter], fix: "profile" };
  });
}
