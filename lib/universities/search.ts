import "server-only";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { likePattern, type SearchCriteria } from "./criteria";
import type { UniversityDto } from "./queries";
import type { SearchSort } from "./search-params";

// University search on the server: one query for the page of results, one for the total. Both
// are answered from indexes: the trigram index for the name, the country index, and the
// (universityId, ...) program indexes for the program conditions.

export interface UniversitySummary extends UniversityDto {
  /** Programs that satisfy the search's program conditions (all programs without any). */
  programCount: number;
  /** Lowest yearly tuition among those programs, "12000.00"; null without programs. */
  minTuition: string | null;
}

export interface SearchPage {
  items: UniversitySummary[];
  total: number;
}

export interface SearchOptions {
  sort?: SearchSort;
  limit: number;
  offset: number;
}

/** SQL condition on programs `p` for the criteria's program part (TRUE without one). */
function programCondition(criteria: SearchCriteria): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  const program = criteria.program;
  if (program?.degrees) parts.push(Prisma.sql`p."degree" = ANY(${[...program.degrees]}::text[])`);
  if (program?.nameContains)
    parts.push(Prisma.sql`p."name" ILIKE ${likePattern(program.nameContains)} ESCAPE '\\'`);
  if (program?.maxTuition !== undefined) parts.push(Prisma.sql`p."tuition" <= ${program.maxTuition}`);
  return parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
}

/** SQL condition on universities `u`. */
function universityCondition(criteria: SearchCriteria): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (criteria.nameContains)
    parts.push(Prisma.sql`u."name" ILIKE ${likePattern(criteria.nameContains)} ESCAPE '\\'`);
  if (criteria.countryCode) {
    parts.push(
      Prisma.sql`u."countryId" = (SELECT "id" FROM "countries" WHERE "code" = ${criteria.countryCode})`,
    );
  }
  if (criteria.program) {
    parts.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "programs" p WHERE p."universityId" = u."id" AND ${programCondition(criteria)})`,
    );
  }
  return parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
}

function orderBy(sort: SearchSort, criteria: SearchCriteria): Prisma.Sql {
  switch (sort) {
    case "name":
      return Prisma.sql`u."name" ASC, u."id" ASC`;
    case "tuition":
      return Prisma.sql`(SELECT min(p."tuition") FROM "programs" p
                          WHERE p."universityId" = u."id" AND ${programCondition(criteria)}) ASC NULLS LAST,
                        u."name" ASC, u."id" ASC`;
    case "ranking":
      // A ranking without a source is not shown, so it does not count here either: those
      // universities are unranked, last, by name. (Sorting 10,251 rows needs no index.)
      return Prisma.sql`(CASE WHEN u."rankingSource" IS NOT NULL THEN u."ranking" END) ASC NULLS LAST,
                        u."name" ASC, u."id" ASC`;
  }
}

export async function searchUniversities(
  criteria: SearchCriteria,
  options: SearchOptions,
): Promise<SearchPage> {
  const where = universityCondition(criteria);
  const sort = options.sort ?? "ranking";

  // The page is chosen first (ids only), then completed with its country and program figures,
  // so those are computed for 20 rows, not for every match.
  const rows = await prisma.$queryRaw<UniversitySummary[]>`
    WITH page AS (
      SELECT u."id"
        FROM "universities" u
       WHERE ${where}
       ORDER BY ${orderBy(sort, criteria)}
       LIMIT ${options.limit} OFFSET ${options.offset}
    )
    SELECT u."id", u."name", u."slug", c."name" AS "country", c."code" AS "countryCode", u."description",
           u."mainImage", u."images", u."ranking", u."rankingSource", u."rankingYear", u."webPage",
           stats."programCount", stats."minTuition"::text AS "minTuition"
      FROM page
      JOIN "universities" u ON u."id" = page."id"
      JOIN "countries" c ON c."id" = u."countryId"
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS "programCount", min(p."tuition") AS "minTuition"
          FROM "programs" p
         WHERE p."universityId" = u."id" AND ${programCondition(criteria)}
      ) stats
     ORDER BY ${orderBy(sort, criteria)}`;

  const [{ total }] = await prisma.$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS total FROM "universities" u WHERE ${where}`;

  return { items: rows, total };
}
