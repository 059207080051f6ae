import "server-only";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { deadlineClosed, deadlineOpen, earliestOpenDeadline } from "@/lib/dates/sql.server";
import {
  countEveryProgram,
  countMatchingPrograms,
  matchingRows,
  orderedPage,
  programWithRankingSelect,
  toProgramWithRanking,
  type ProgramWithRanking,
  type SortKey,
} from "./queries.server";
import type { Rates } from "@/lib/money/convert";
import { EXACT_COUNT_BOUND, roundEstimate, type ListTotal } from "@/lib/paging";
import { countMatches, estimateMatches, totalOfPage } from "@/lib/db/bounded-count.server";
import type { ProgramSearchCriteria } from "./criteria";
import type { FitFilter } from "./fit-filters";
import type { FitCondition } from "./fit-sql.server";
import { nameContains } from "@/lib/db/text-match";
import type { ProgramSort } from "./search-params";

export type { ProgramSearchCriteria };

// The program search of /programs: live programs (the program's own archive mark suffices: a live
// program never sits under an archived university). The page's ids run by run of the sort
// (segmentsOf), the matches counted up to the bound (countMatchingPrograms), or with fit filters
// their total and left-out counts from one pass over the first matches (fitCounts), then the
// page's rows. Indexes: the trigram indexes on the stored search names for the text, and the btree
// indexes on deadline, tuition and name, and the universities' ranking, for the sorts.

export type ProgramSearchResult = ProgramWithRanking;

/**
 * SQL condition on programs `p` (the text is in programsMatching); the saved search alerts use it
 * too. The maximum tuition is in US dollars: it is compared with each program's tuition in dollars
 * at its currency's latest rate (`tuitionUsd`; a program whose currency has no rate is left out,
 * since nothing says it is under the limit).
 *
 * `countryId`, the id of the country code looked up beforehand (null: no such country), lets the
 * planner see which country it is: behind a subquery it takes every country for an average one
 * (at 100,000 universities it read all programs for the United States' 16,600). `estimating`
 * writes "still open" as its range of the deadline index alone, which the planner can size (the
 * per-row zone test it takes for a third of any rows), for a count's estimate.
 */
export function programSearchCondition(
  criteria: ProgramSearchCriteria,
  options: { countryId?: number | null; estimating?: boolean } = {},
): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`p."archivedAt" IS NULL`];
  if (criteria.countryCode) {
    const country =
      options.countryId === undefined
        ? Prisma.sql`(SELECT "id" FROM "countries" WHERE "code" = ${criteria.countryCode})`
        : Prisma.sql`${options.countryId}::int`;
    parts.push(
      Prisma.sql`p."universityId" IN (SELECT c."id" FROM "universities" c WHERE c."countryId" = ${country})`,
    );
  }
  if (criteria.level !== undefined) parts.push(Prisma.sql`p."level" = ${criteria.level}`);
  if (criteria.field !== undefined) parts.push(Prisma.sql`p."field" = ${criteria.field}`);
  if (criteria.degree !== undefined) parts.push(Prisma.sql`p."degree" = ${criteria.degree}`);
  if (criteria.duration !== undefined) parts.push(Prisma.sql`p."duration" = ${criteria.duration}`);
  if (criteria.maxTuition !== undefined) parts.push(Prisma.sql`p."tuitionUsd" <= ${criteria.maxTuition}`);
  if (criteria.deadlineFrom) parts.push(Prisma.sql`p."deadline" >= ${criteria.deadlineFrom}`);
  if (criteria.openAt) {
    parts.push(
      options.estimating
        ? Prisma.sql`p."deadline" >= ${earliestOpenDeadline(criteria.openAt)}`
        : deadlineOpen(criteria.openAt),
    );
  }
  return Prisma.join(parts, " AND ");
}

/** The id of the country with `code`, or null when there is none. */
async function countryIdOf(code: string): Promise<number | null> {
  const country = await prisma.country.findUnique({ where: { code }, select: { id: true } });
  return country?.id ?? null;
}

/** A program's university ranks it: a ranking with its source (one without is not shown). */
const RANKED = Prisma.sql`u."rankingSource" IS NOT NULL AND u."ranking" IS NOT NULL`;

/** A run of the results in one order: its condition on top of the search's, and its sort keys. */
interface Segment {
  /** On `p`, and on its university `u` when `join` is set. */
  condition: Prisma.Sql;
  /** The same condition on `p` alone, for counting the run. */
  alone: Prisma.Sql;
  keys: readonly SortKey[];
  join?: Prisma.Sql;
  /** The programs of ranked universities, by ranking: walked university by university first. */
  ranked?: boolean;
}

/**
 * The runs a sort lists, one after the other. Open programs come first in every sort (their
 * deadline has not passed at `now` in the program's zone: deadlineOpen), then the closed ones in
 * the same order. The ranking sort lists, in each, the programs of ranked universities by ranking
 * first, then the others by name: as in the university search, a ranking without its source does
 * not count. The tuition sort lists the programs by their tuition in US dollars, then those whose
 * currency has no rate (no figure to place them by) by name. Each run is read in its own order, through its sort's index where the planner finds
 * that cheaper, and only as far as the page reaches; one ORDER BY with a `(deadline < now)` or a
 * CASE key first sorted every match instead ('engineering', still open, by ranking, at 100,000
 * universities: 171,000 programs, 400 to 770 ms for a page of 20).
 */
function segmentsOf(sort: ProgramSort, now: Date): Segment[] {
  const id: SortKey = { sql: Prisma.sql`p."id"` };
  const name: SortKey = { sql: Prisma.sql`p."name"` };
  const universities = (condition: Prisma.Sql) =>
    Prisma.sql`p."universityId" IN (SELECT u."id" FROM "universities" u WHERE ${condition})`;
  const join = Prisma.sql`JOIN "universities" u ON u."id" = p."universityId"`;
  // A run's condition is on the program's university (`u`, with `join`) or on the program alone.
  const runs: { on: Prisma.Sql | null; keys: readonly SortKey[]; join?: Prisma.Sql; ranked?: boolean }[] =
    sort === "ranking"
      ? [
          { on: RANKED, keys: [{ sql: Prisma.sql`u."ranking"` }, name, id], join, ranked: true },
          { on: Prisma.sql`NOT (${RANKED})`, keys: [name, id], join },
        ]
      : sort === "tuition"
        ? [
            { on: Prisma.sql`p."tuitionUsd" IS NOT NULL`, keys: [{ sql: Prisma.sql`p."tuitionUsd"` }, id] },
            { on: Prisma.sql`p."tuitionUsd" IS NULL`, keys: [name, id] },
          ]
        : [{ on: null, keys: [sort === "deadline" ? { sql: Prisma.sql`p."deadline"` } : name, id] }];
  return [deadlineOpen(now), deadlineClosed(now)].flatMap((half) =>
    runs.map(({ on, keys, join: joined, ranked }) => ({
      condition: on ? Prisma.sql`${half} AND ${on}` : half,
      alone: on ? Prisma.sql`${half} AND ${joined ? universities(on) : on}` : half,
      keys,
      join: joined,
      ranked,
    })),
  );
}

export interface ProgramSearchOptions {
  sort: ProgramSort;
  limit: number;
  offset: number;
  now?: Date;
  /** The latest exchange rates, for the maximum tuition and the budget (lib/rates). */
  rates: Rates;
  /** The chosen fit filters' conditions (./fit-sql.server.ts); those without one leave nothing out. */
  fit?: readonly FitCondition[];
}

export interface ProgramSearchPage extends ListTotal {
  items: ProgramSearchResult[];
  /** How many programs each applied fit filter left out of what the other filters matched. */
  leftOut: Partial<Record<FitFilter, number>>;
  /** The left-out counts are estimates: more than EXACT_COUNT_BOUND programs match the others. */
  leftOutApproximate?: boolean;
}

/**
 * The ids of the page: the runs of the sort read in turn from where the page starts. A run that
 * gives no row from a positive offset holds no more rows than that offset, and is counted exactly
 * (up to the offset) to know where the next one starts; a run that gives fewer rows than asked
 * ends there, and the next one is read from its start.
 */
async function pageIds(
  text: string | undefined,
  where: Prisma.Sql,
  segments: readonly Segment[],
  window: { limit: number; offset: number },
): Promise<number[]> {
  const ids: number[] = [];
  let skip = window.offset;
  for (const whole of segments) {
    let segment = whole;
    if (ids.length === window.limit) break;
    if (segment.ranked) {
      const walk = await walkRanked(text, Prisma.sql`${where} AND ${segment.condition}`, {
        limit: window.limit - ids.length,
        offset: skip,
      });
      ids.push(...walk.ids);
      skip = walk.skip;
      if (walk.after === null || ids.length === window.limit) continue;
      // The walk gave way: the rest of the run is read as any other, from the rankings after it.
      const after = Prisma.sql`u."ranking" > ${walk.after}`;
      segment = {
        ...segment,
        condition: Prisma.sql`${segment.condition} AND ${after}`,
        alone: Prisma.sql`${segment.alone} AND p."universityId" IN (
          SELECT u."id" FROM "universities" u WHERE ${RANKED} AND ${after})`,
      };
    }
    const rows = await prisma.$queryRaw<{ id: number }[]>(
      orderedPage(
        text,
        Prisma.sql`${where} AND ${segment.condition}`,
        segment.keys,
        { limit: window.limit - ids.length, offset: skip },
        segment.join,
      ),
    );
    ids.push(...rows.map((row) => row.id));
    if (rows.length > 0) skip = 0;
    else if (skip > 0) {
      const run = matchingRows(text, Prisma.sql`${where} AND ${segment.alone}`);
      skip -= (await countMatches(run, { bound: skip })).total;
    }
  }
  return ids;
}

/** Ranked universities the walk reads before it gives way to one query over the rest of the run. */
const RANKED_WALK_LIMIT = 1_500;

/**
 * The ranked run's page, read university by university in ranking order: batches of ranked
 * universities (100, then twice as many each time, a ranking's ties never split), each batch's
 * matching programs ordered and cut at what the page still needs. Where the search matches many
 * programs, the first batch fills the page; a query over the whole run instead planned from
 * estimates, which the fit filters' conditions make far too small, and read every program of the
 * text first ('engineering' with the three fit filters at 100,000 universities: 380 to 580 ms).
 * After RANKED_WALK_LIMIT universities the walk stops (a rare text is found faster through its
 * index) and says where: `after`, the last ranking it read; null when it read every one.
 */
async function walkRanked(
  text: string | undefined,
  condition: Prisma.Sql,
  window: { limit: number; offset: number },
): Promise<{ ids: number[]; skip: number; after: number | null }> {
  const ids: number[] = [];
  let skip = window.offset;
  let after: number | null = null;
  const textCondition = text
    ? Prisma.sql`AND (${nameContains("p", text)} OR ${nameContains("u", text)})`
    : Prisma.empty;
  for (let size = 100, walked = 0; ids.length < window.limit; size *= 2) {
    if (walked >= RANKED_WALK_LIMIT) return { ids, skip, after };
    const from: Prisma.Sql = after === null ? Prisma.empty : Prisma.sql`AND u."ranking" > ${after}`;
    const [batch]: { ids: number[] | null; last: number | null }[] = await prisma.$queryRaw`
      WITH "first" AS (
        SELECT u."ranking" FROM "universities" u WHERE ${RANKED} ${from} ORDER BY u."ranking" LIMIT ${size}
      )
      SELECT array_agg(u."id") AS "ids", max(u."ranking") AS "last" FROM "universities" u
       WHERE ${RANKED} ${from} AND u."ranking" <= (SELECT max("ranking") FROM "first")`;
    if (!batch.ids || batch.last === null) return { ids, skip, after: null };
    walked += batch.ids.length;
    after = batch.last;
    const rows = await prisma.$queryRaw<{ id: number }[]>`
      SELECT p."id" FROM "programs" p JOIN "universities" u ON u."id" = p."universityId"
       WHERE p."universityId" = ANY(${batch.ids}::int[]) AND ${condition} ${textCondition}
       ORDER BY u."ranking", p."name", p."id" LIMIT ${skip + window.limit - ids.length}`;
    if (rows.length <= skip) skip -= rows.length;
    else {
      ids.push(...rows.slice(skip).map((row) => row.id));
      skip = 0;
    }
  }
  return { ids, skip, after };
}

/** A sample's estimate must reach this many bound's worth before it stands for the fit filters' total. */
const SAMPLE_ESTIMATE_MARGIN = 4;

/**
 * The fit filters' total and left-out counts (for each filter, the programs that every other
 * condition keeps and it does not), from one pass over the first EXACT_COUNT_BOUND + 1 programs
 * the search's own filters match, each fit condition evaluated once per program. When those are
 * all of them, every figure is exact. Past the bound they are estimated: each figure's share of
 * that first part, times the planner's estimate of the search's own matches (a count of every
 * match would read them all: 953,986 programs at 100,000 universities). Where that estimate of the
 * total is not clearly past the bound (below SAMPLE_ESTIMATE_MARGIN times it), the kept programs
 * are counted up to the bound instead, so that a total of at most EXACT_COUNT_BOUND is always
 * exact: that count reads on until it has found them, four times as many programs when a quarter
 * pass ('engineering', still open, with the three filters at 100,000 universities: 30 to 60 ms,
 * where the pass takes 10), which is why it is not the first resort.
 */
async function fitCounts(
  text: string | undefined,
  base: Prisma.Sql,
  fit: readonly { filter: FitFilter; sql: Prisma.Sql }[],
  estimable: Prisma.Sql,
): Promise<ListTotal & Pick<ProgramSearchPage, "leftOut" | "leftOutApproximate">> {
  const flag = (index: number) => Prisma.raw(`"f${index}"`);
  const flags = Prisma.join(
    fit.map(({ sql }, index) => Prisma.sql`(${sql}) IS TRUE AS ${flag(index)}`),
    ", ",
  );
  const keptBy = (except: number | null) =>
    Prisma.join(
      fit.map((_, index) => (index === except ? Prisma.sql`NOT ${flag(index)}` : flag(index))),
      " AND ",
    );
  const leftOutColumns = Prisma.join(
    fit.map(
      ({ filter }, index) =>
        Prisma.sql`count(*) FILTER (WHERE ${keptBy(index)})::int AS ${Prisma.raw(`"${filter}"`)}`,
    ),
    ", ",
  );
  const bound = EXACT_COUNT_BOUND + 1;
  const [row] = await prisma.$queryRaw<({ read: number; kept: number } & Record<string, number>)[]>`
    SELECT count(*)::int AS "read", count(*) FILTER (WHERE ${keptBy(null)})::int AS "kept", ${leftOutColumns}
      FROM (SELECT ${flags}
              FROM (${matchingRows(text, base, bound, undefined, { allColumns: true })} LIMIT ${bound}) p) "first"`;
  const counted = Object.fromEntries(fit.map(({ filter }) => [filter, row[filter]]));
  if (row.read <= EXACT_COUNT_BOUND) return { total: row.kept, leftOut: counted };
  const scale = (await estimateMatches(matchingRows(text, estimable))) / row.read;
  const estimated = (count: number) => (count === 0 ? 0 : roundEstimate(count * scale, count));
  const leftOut = {
    leftOut: Object.fromEntries(fit.map(({ filter }) => [filter, estimated(row[filter])])),
    leftOutApproximate: true,
  };
  const keptEstimate = row.kept * scale;
  if (keptEstimate >= SAMPLE_ESTIMATE_MARGIN * EXACT_COUNT_BOUND)
    return { total: roundEstimate(keptEstimate, bound), approximate: true, ...leftOut };
  const kept = Prisma.join(
    fit.map((condition) => condition.sql),
    " AND ",
  );
  const [{ total }] = await prisma.$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS "total" FROM (${matchingRows(text, base, bound, kept)} LIMIT ${bound}) "kept"`;
  return total <= EXACT_COUNT_BOUND
    ? { total, ...leftOut }
    : { total: roundEstimate(Math.max(keptEstimate, bound), bound), approximate: true, ...leftOut };
}

export async function searchPrograms(
  criteria: ProgramSearchCriteria,
  options: ProgramSearchOptions,
): Promise<ProgramSearchPage> {
  const countryId = criteria.countryCode ? await countryIdOf(criteria.countryCode) : undefined;
  const base = programSearchCondition(criteria, { countryId });
  const fit = (options.fit ?? []).flatMap((condition) =>
    condition.sql ? [{ filter: condition.filter, sql: condition.sql }] : [],
  );
  const withFit = (condition: Prisma.Sql) =>
    Prisma.join([condition, ...fit.map((fitCondition) => fitCondition.sql)], " AND ");
  const where = withFit(base);
  const estimable = programSearchCondition(criteria, { countryId, estimating: true });
  const now = options.now ?? criteria.openAt ?? new Date();
  const { limit, offset } = options;
  const text = criteria.text;
  type Counted = ListTotal & Partial<Pick<ProgramSearchPage, "leftOut" | "leftOutApproximate">>;
  const counting: Promise<Counted> = fit.length
    ? fitCounts(text, base, fit, estimable)
    : !text && Object.keys(criteria).length === 0
      ? countEveryProgram(false)
      : countMatchingPrograms(text, base, matchingRows(text, estimable));
  const [ids, { leftOut = {}, leftOutApproximate, ...count }] = await Promise.all([
    pageIds(text, where, segmentsOf(options.sort, now), { limit, offset }),
    counting,
  ]);
  const total = await totalOfPage(count, { limit, offset, shown: ids.length }, matchingRows(text, where));
  const rows = ids.length
    ? await prisma.program.findMany({ where: { id: { in: ids } }, select: programWithRankingSelect })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProgramWithRanking(row)] : []; // deleted between the two reads
  });
  return { items, ...total, leftOut, ...(leftOutApproximate ? { leftOutApproximate } : {}) };
}
