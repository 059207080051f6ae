import "server-only";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { EXACT_COUNT_BOUND, roundEstimate, type ListTotal } from "@/lib/paging";

// How many rows a list matches, exactly up to EXACT_COUNT_BOUND and estimated beyond it. An exact
// count visits every match: at 100,000 universities, 'engineering' is in 171,000 program names,
// and counting them took 350 to 500 ms where the page itself needs a few. A count that stops
// after the bound visits at most that many (the planner reads them by a plan made for the LIMIT:
// the table's order for a frequent word, the index for a rare one), and past it the planner's own
// estimate of the matches, from the statistics ANALYZE keeps, stands for the total.

/** The page a count goes with: what it showed tells more than the estimate. */
export interface PageWindow {
  offset: number;
  limit: number;
  /** Rows the page query returned. */
  shown: number;
}

/**
 * The number of rows `matches` selects (a query of one row per match, without ORDER BY or LIMIT):
 * exact when at most `bound` match, otherwise `approximate`, the planner's estimate of `estimate`
 * (the same rows, written without the LIMITs a query may put inside to stop early; `matches`
 * unless given) rounded to two figures (roundEstimate) and never below the bound.
 */
export async function countMatches(
  matches: Prisma.Sql,
  options: { bound?: number; estimate?: Prisma.Sql } = {},
): Promise<ListTotal> {
  const bound = options.bound ?? EXACT_COUNT_BOUND;
  const [{ counted }] = await prisma.$queryRaw<{ counted: number }[]>`
    SELECT count(*)::int AS "counted" FROM (${matches} LIMIT ${bound + 1}) "matches"`;
  if (counted <= bound) return { total: counted };
  const estimate = await estimateMatches(options.estimate ?? matches);
  return { total: roundEstimate(estimate, bound + 1), approximate: true };
}

/**
 * A list's total from its count and its page. A page with fewer rows than it asked for ends the
 * list, so its last row's position is the exact total (the count and the page are two statements:
 * the page wins where they differ). A full page lifts an estimate to leave room for one more row.
 * A page past the end of an estimated list (no row from a positive offset) is counted again,
 * exactly up to its offset, so that its links lead back to rows that exist.
 */
export async function totalOfPage(
  count: ListTotal,
  window: PageWindow,
  matches: Prisma.Sql,
): Promise<ListTotal> {
  const { offset, limit, shown } = window;
  if (shown > 0 && shown < limit) return { total: offset + shown };
  if (!count.approximate) return count;
  if (shown === 0)
    return offset > 0 ? countMatches(matches, { bound: Math.max(offset, EXACT_COUNT_BOUND) }) : { total: 0 };
  const floor = offset + shown + 1;
  return count.total >= floor ? count : { total: roundEstimate(floor, floor), approximate: true };
}

/** The planner's estimate of the rows `query` returns (EXPLAIN, not run). */
export async function estimateMatches(query: Prisma.Sql): Promise<number> {
  const [row] = await prisma.$queryRaw<{ "QUERY PLAN": unknown }[]>`EXPLAIN (FORMAT JSON) ${query}`;
  const raw = row["QUERY PLAN"];
  const plans = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  return Math.round(plans[0].Plan["Plan Rows"]);
}
