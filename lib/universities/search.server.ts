import "server-only";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { countMatches, totalOfPage } from "@/lib/db/bounded-count.server";
import { nameContains } from "@/lib/db/text-match";
import type { ListTotal } from "@/lib/paging";
import type { SearchCriteria } from "./criteria";
import { fieldCondition } from "./field-match";
import type { UniversityDto } from "./queries.server";
import type { SearchSort } from "./search-params";

// University search on the server: one query for the page of results, one for the total. Both
// are answered from indexes: the trigram index for the name, the country index, the
// (universityId, ...) program indexes for the program conditions, and for the field the partial
// index of its live programs (./field-match.ts). Money is in US dollars: the cost limit, the
// lowest-tuition sort and each university's lowest tuition read the programs' `tuitionUsd`, their
// tuition at their currency's latest rate (null without a rate: such a program is under no cost
// limit, and a university's lowest tuition is that of its programs with a figure).

export interface UniversitySummary extends UniversityDto {
  /** Programs that satisfy the search's program conditions (all programs without any). */
  programCount: number;
  /**
   * Lowest yearly tuition among those programs in US dollars, "12000.00"; null without programs
   * (or when none has a rate to convert it).
   */
  minTuition: string | null;
}

/** A row of the admin list, which shows archived universities too. */
export interface AdminUniversitySummary extends UniversitySummary {
  /** ISO date-time when archived, else null. */
  archivedAt: string | null;
  /** Applications to its programs: what deleting it would keep (and why it would be archived). */
  applicationCount: number;
}

/** A page of matches and their number: exact up to EXACT_COUNT_BOUND (lib/paging.ts), else estimated. */
export interface SearchPage<T = UniversitySummary> extends ListTotal {
  items: T[];
}

export interface SearchOptions {
  sort?: SearchSort;
  limit: number;
  offset: number;
}

/** SQL condition on programs `p` for the criteria's program part (live programs only in public). */
export function programCondition(criteria: SearchCriteria, includeArchived = false): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (!includeArchived) parts.push(Prisma.sql`p."archivedAt" IS NULL`);
  const program = criteria.program;
  if (program?.level !== undefined) parts.push(Prisma.sql`p."level" = ${program.level}`);
  // A literal, not a parameter: it is the predicate of the field's partial index.
  if (program?.field) parts.push(Prisma.raw(fieldCondition(program.field, "p")));
  if (program?.maxTuition !== undefined) parts.push(Prisma.sql`p."tuitionUsd" <= ${program.maxTuition}`);
  return parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
}

/**
 * SQL condition on universities `u`, without the program part (own: name, country, archive).
 * `countryId`: the country code's id looked up beforehand (null: none), which the planner can
 * size where a subquery's country counts as an average one (a count's estimate).
 */
function ownCondition(
  criteria: SearchCriteria,
  includeArchived = false,
  countryId?: number | null,
): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (!includeArchived) parts.push(Prisma.sql`u."archivedAt" IS NULL`);
  if (criteria.nameContains) parts.push(nameContains("u", criteria.nameContains));
  if (criteria.countryCode) {
    parts.push(
      countryId === undefined
        ? Prisma.sql`u."countryId" = (SELECT "id" FROM "countries" WHERE "code" = ${criteria.countryCode})`
        : Prisma.sql`u."countryId" = ${countryId}::int`,
    );
  }
  return parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
}

/**
 * SQL condition on universities `u` (`countryId` as ownCondition's). With a country, each of its
 * universities is asked for a matching program through its own programs' index (OFFSET 0 keeps
 * the EXISTS a subquery per university): a country holds a few thousand universities at most
 * (the United States 2,700 of 100,000), where the join the planner otherwise made hashed every
 * program the level and field match first (Bachelor's in Science: 87,000, 55 of the 78 ms).
 */
export function universityCondition(
  criteria: SearchCriteria,
  includeArchived = false,
  countryId?: number | null,
): Prisma.Sql {
  if (!criteria.program) return ownCondition(criteria, includeArchived, countryId);
  const perUniversity = criteria.countryCode ? Prisma.sql`OFFSET 0` : Prisma.empty;
  return Prisma.sql`${ownCondition(criteria, includeArchived, countryId)} AND EXISTS (
    SELECT 1 FROM "programs" p WHERE p."universityId" = u."id" AND ${programCondition(criteria, includeArchived)}
    ${perUniversity})`;
}

function orderBy(sort: SearchSort, criteria: SearchCriteria): Prisma.Sql {
  switch (sort) {
    case "name":
      return Prisma.sql`u."name" ASC, u."id" ASC`;
    case "tuition":
      return Prisma.sql`(SELECT min(p."tuitionUsd") FROM "programs" p
                          WHERE p."universityId" = u."id" AND ${programCondition(criteria)}) ASC NULLS LAST,
                        u."name" ASC, u."id" ASC`;
    case "ranking":
      // A ranking without a source is not shown, so it does not count here either: those
      // universities are unranked, last, by name.
      return Prisma.sql`(CASE WHEN u."rankingSource" IS NOT NULL THEN u."ranking" END) ASC NULLS LAST,
                        u."name" ASC, u."id" ASC`;
  }
}

/** The exact number of matching universities. */
export function countQuery(criteria: SearchCriteria, includeArchived = false): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS total FROM "universities" u
                     WHERE ${universityCondition(criteria, includeArchived)}`;
}

/**
 * What "Items X–Y of Z" says: without conditions the exact number of universities (an index-only
 * count, 5 to 10 ms at 100,000), otherwise the matches counted up to the bound (countMatches).
 */
async function countUniversities(criteria: SearchCriteria, includeArchived: boolean): Promise<ListTotal> {
  if (!criteria.nameContains && !criteria.countryCode && !criteria.program) {
    const [{ total }] = await prisma.$queryRaw<{ total: number }[]>(countQuery(criteria, includeArchived));
    return { total };
  }
  const countryId = criteria.countryCode
    ? ((await prisma.country.findUnique({ where: { code: criteria.countryCode }, select: { id: true } }))
        ?.id ?? null)
    : undefined;
  return countMatches(matchesQuery(criteria, includeArchived, countryId));
}

/** One row per matching university: what countMatches counts. */
function matchesQuery(
  criteria: SearchCriteria,
  includeArchived: boolean,
  countryId?: number | null,
): Prisma.Sql {
  return Prisma.sql`SELECT 1 FROM "universities" u WHERE ${universityCondition(criteria, includeArchived, countryId)}`;
}

/** Ranked as the ranking sort counts it: with a ranking and its source. */
const RANKED = Prisma.sql`u."rankingSource" IS NOT NULL AND u."ranking" IS NOT NULL`;

/** The ids of the page's universities, in the sort's order. */
function pageIds(
  criteria: SearchCriteria,
  where: Prisma.Sql,
  sort: SearchSort,
  options: SearchOptions,
): Prisma.Sql {
  if (sort !== "ranking") {
    return Prisma.sql`SELECT u."id" FROM "universities" u WHERE ${where}
                       ORDER BY ${orderBy(sort, criteria)} LIMIT ${options.limit} OFFSET ${options.offset}`;
  }
  // Ordering every match by the ranking expression sorted all 100,000 universities for a page of
  // 20. Instead the ranked ones are read in the ranking index's order and the others in the name
  // index's, each part stopping at the page's end, and only those rows are merged.
  const end = options.offset + options.limit;
  return Prisma.sql`
    SELECT "id" FROM (
      (SELECT u."id", u."ranking", u."name" FROM "universities" u
        WHERE ${where} AND ${RANKED}
        ORDER BY u."ranking" ASC, u."name" ASC, u."id" ASC LIMIT ${end})
      UNION ALL
      (SELECT u."id", NULL::int, u."name" FROM "universities" u
        WHERE ${where} AND NOT (${RANKED})
        ORDER BY u."name" ASC, u."id" ASC LIMIT ${end})
    ) candidates
    ORDER BY "ranking" ASC NULLS LAST, "name" ASC, "id" ASC
    LIMIT ${options.limit} OFFSET ${options.offset}`;
}

/** Programs the first window of the cheapest-first walk reads; each later one is sized on it. */
export const CHEAPEST_FIRST_WINDOW = 400;
/** The largest window: past it the walk gives way to ordering every match (a selective search). */
const CHEAPEST_FIRST_MAX_WINDOW = 10_000;
/** Pages deeper than this are ordered the ordinary way. */
const CHEAPEST_FIRST_MAX_END = 100;

/**
 * The first `end` live universities that match, by lowest matching tuition (then name, then id),
 * found by reading programs from the cheapest on, or null when that cannot tell them.
 *
 * Ordering every match by its lowest tuition computes that minimum for all of them: 250 to 350 ms
 * at 100,000 universities and a million programs. A window of the cheapest programs (the index of
 * their tuition in dollars) holds every program below its dearest one, `edge`, so a university whose lowest matching
 * tuition is below `edge` is known exactly, and so is its rank among the others below it. When
 * `end` of them are known (or the window holds every program that could match), they are the
 * answer; otherwise a larger window follows, up to CHEAPEST_FIRST_MAX_WINDOW programs. The page
 * is then read and ordered as any other, its lowest tuitions computed for its own rows only.
 */
export async function cheapestFirst(
  criteria: SearchCriteria,
  end: number,
  firstWindow = CHEAPEST_FIRST_WINDOW,
): Promise<number[] | null> {
  const maxTuition = criteria.program?.maxTuition;
  for (let window = Math.min(firstWindow, CHEAPEST_FIRST_MAX_WINDOW); ;) {
    const [{ read, edge, known, exact }] = await prisma.$queryRaw<
      { read: number; edge: string | null; known: number[]; exact: number }[]
    >`
      WITH p AS MATERIALIZED (
        SELECT "universityId", "tuitionUsd", "level", "name", "archivedAt" FROM "programs"
         WHERE "tuitionUsd" IS NOT NULL
         ORDER BY "tuitionUsd" LIMIT ${window}
      ),
      edge AS (SELECT count(*)::int AS read, max("tuitionUsd") AS tuition FROM p),
      found AS (
        SELECT u."id", u."name", min(p."tuitionUsd") AS tuition
          FROM p JOIN "universities" u ON u."id" = p."universityId"
         WHERE ${programCondition(criteria)} AND ${ownCondition(criteria)}
         GROUP BY u."id", u."name"
      ),
      exact AS (
        SELECT found.* FROM found, edge
         WHERE found.tuition < edge.tuition OR edge.read < ${window}
      )
      SELECT edge.read, edge.tuition::text AS edge,
             ARRAY(SELECT "id" FROM exact ORDER BY tuition, "name", "id" LIMIT ${end}) AS known,
             (SELECT count(*)::int FROM exact) AS exact
        FROM edge`;
    const everyProgram = read < window;
    // A university without a matching program with a figure in dollars comes after all that have
    // one, so the window's universities must fill the page on their own, unless a cost limit
    // leaves no other match: then a window holding every program under it holds them all.
    if (known.length >= end) return known;
    if (maxTuition !== undefined && (everyProgram || Number(edge) > maxTuition)) return known;
    if (everyProgram || window === CHEAPEST_FIRST_MAX_WINDOW) return null;
    // The next window, sized so that it should hold `end` universities (1.5 times for safety).
    const next = exact === 0 ? window * 16 : Math.ceil(((window * end) / exact) * 1.5);
    window = Math.min(next, CHEAPEST_FIRST_MAX_WINDOW);
  }
}

/** The public search: live universities, counting their live programs. */
export async function searchUniversities(
  criteria: SearchCriteria,
  options: SearchOptions,
): Promise<SearchPage> {
  const { items, ...total } = await search(criteria, options, false);
  return { items: items.map(({ archivedAt: _a, applicationCount: _c, ...item }) => item), ...total };
}

/** The admin list: archived universities too, with their application counts. */
export function searchAdminUniversities(
  criteria: SearchCriteria,
  options: SearchOptions,
): Promise<SearchPage<AdminUniversitySummary>> {
  return search(criteria, options, true);
}

async function search(
  criteria: SearchCriteria,
  options: SearchOptions,
  includeArchived: boolean,
): Promise<SearchPage<AdminUniversitySummary>> {
  const where = universityCondition(criteria, includeArchived);
  const sort = options.sort ?? "ranking";
  const programs = programCondition(criteria, includeArchived);
  const end = options.offset + options.limit;

  // The page is chosen first (ids only), then completed with its country and program figures,
  // so those are computed for 20 rows, not for every match. The public tuition sort's first pages
  // are found cheapest program first, unless a country already keeps the matches few.
  const readPage = async () => {
    const cheapest =
      sort === "tuition" && !includeArchived && !criteria.countryCode && end <= CHEAPEST_FIRST_MAX_END
        ? await cheapestFirst(criteria, end)
        : null;
    const page = cheapest
      ? Prisma.sql`SELECT unnest(${cheapest.slice(options.offset)}::int[]) AS "id"`
      : pageIds(criteria, where, sort, options);
    return prisma.$queryRaw<AdminUniversitySummary[]>`
      WITH page AS (${page})
      SELECT u."id", u."name", u."slug", c."name" AS "country", c."code" AS "countryCode", u."description",
             u."mainImage", u."images", u."ranking", u."rankingSource", u."rankingYear", u."webPage",
             to_char(u."archivedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "archivedAt",
             stats."programCount", stats."minTuition"::text AS "minTuition",
             ${
               includeArchived
                 ? Prisma.sql`(SELECT count(*)::int FROM "applications" a JOIN "programs" ap ON ap."id" = a."programId"
                                WHERE ap."universityId" = u."id")`
                 : Prisma.sql`0`
             } AS "applicationCount"
        FROM page
        JOIN "universities" u ON u."id" = page."id"
        JOIN "countries" c ON c."id" = u."countryId"
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS "programCount", min(p."tuitionUsd") AS "minTuition"
            FROM "programs" p
           WHERE p."universityId" = u."id" AND ${programs}
        ) stats
       ORDER BY ${orderBy(sort, criteria)}`;
  };
  // The page and the total are read on two pool connections, in parallel.
  const [items, count] = await Promise.all([readPage(), countUniversities(criteria, includeArchived)]);
  const window = { offset: options.offset, limit: options.limit, shown: items.length };
  return { items, ...(await totalOfPage(count, window, matchesQuery(criteria, includeArchived))) };
}
