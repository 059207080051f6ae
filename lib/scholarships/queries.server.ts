import "server-only";
import { prisma } from "@/lib/db/client.server";
import { deadlineOpen } from "@/lib/dates/sql.server";
import { containsText } from "@/lib/db/text-match";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ScholarshipSearchCriteria } from "./criteria";
import type { ScholarshipSort } from "./search-params";

// The reads of scholarships: the public search (/scholarships, GET /api/scholarships, the saved
// searches' alerts), the scholarships of a university page, one scholarship, and the admin list.
// The public ones see live scholarships only: not archived, and not of an archived university or
// program (those are off the public site, and so is what belongs to them).

/** A scholarship as the pages and the API give it. Amounts are decimal strings so no cent is lost. */
export interface ScholarshipDto {
  id: number;
  name: string;
  provider: string;
  description: string | null;
  /** The amount, or a range's lowest ("5000.00"), and a range's highest, in `currency`. */
  amountMin: string | null;
  amountMax: string | null;
  /** ISO 4217; null when no amount is stated. */
  currency: string | null;
  /** What the amount covers or how often ("per year"). */
  amountNote: string | null;
  /** ISO alpha-2 codes; empty: any nationality. */
  nationalities: string[];
  /** Study level names, in the list's order; empty: any level. */
  levels: string[];
  /** Study field names; empty: any field. */
  fields: string[];
  /** On the common 0-100 scale; null: not stated. */
  minGrade: number | null;
  /** ISO date-time: the deadline day's midnight UTC; null: no fixed deadline. */
  deadline: string | null;
  /** The IANA zone the deadline day ends in (23:59 there). */
  timeZone: string;
  officialUrl: string;
  /** What the scholarship belongs to, as stored: a university, a program, or neither. */
  universityId: number | null;
  programId: number | null;
  /** The country it funds study in when it belongs to no university (ISO alpha-2), else null. */
  studyCountry: string | null;
  /** Its university: the one it belongs to, or its program's. */
  university: { id: number; name: string; slug: string; country: string; countryCode: string } | null;
  program: { id: number; name: string; degree: string } | null;
  /** Where it funds study: its university's country, else `studyCountry`. */
  countryCode: string | null;
  /** Archived (itself, or its university or program): off the public site. */
  archived: boolean;
  updatedAt: string;
  /** Counts the edits: PATCH sends it back, and is refused when the scholarship changed since. */
  version: number;
}

const universitySelect = {
  id: true,
  name: true,
  slug: true,
  archivedAt: true,
  country: { select: { code: true, name: true } },
} as const;

export const scholarshipSelect = {
  id: true,
  name: true,
  provider: true,
  description: true,
  amountMin: true,
  amountMax: true,
  currency: true,
  amountNote: true,
  nationalities: true,
  minGrade: true,
  deadline: true,
  timeZone: true,
  officialUrl: true,
  universityId: true,
  programId: true,
  studyCountry: true,
  archivedAt: true,
  updatedAt: true,
  version: true,
  levels: { select: { level: true }, orderBy: [{ studyLevel: { position: "asc" } }, { level: "asc" }] },
  fields: { select: { field: true }, orderBy: [{ studyField: { position: "asc" } }, { field: "asc" }] },
  university: { select: universitySelect },
  program: {
    select: {
      id: true,
      name: true,
      degree: true,
      archivedAt: true,
      university: { select: universitySelect },
    },
  },
} satisfies Prisma.ScholarshipSelect;

type ScholarshipRow = Prisma.ScholarshipGetPayload<{ select: typeof scholarshipSelect }>;

export function toScholarshipDto(row: ScholarshipRow): ScholarshipDto {
  const owner = row.university ?? row.program?.university ?? null;
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    description: row.description,
    amountMin: row.amountMin?.toFixed(2) ?? null,
    amountMax: row.amountMax?.toFixed(2) ?? null,
    currency: row.currency,
    amountNote: row.amountNote,
    nationalities: row.nationalities,
    levels: row.levels.map(({ level }) => level),
    fields: row.fields.map(({ field }) => field),
    minGrade: row.minGrade === null ? null : Number(row.minGrade.toString()),
    deadline: row.deadline?.toISOString() ?? null,
    timeZone: row.timeZone,
    officialUrl: row.officialUrl,
    universityId: row.universityId,
    programId: row.programId,
    studyCountry: row.studyCountry,
    university: owner && {
      id: owner.id,
      name: owner.name,
      slug: owner.slug,
      country: owner.country.name,
      countryCode: owner.country.code,
    },
    program: row.program && { id: row.program.id, name: row.program.name, degree: row.program.degree },
    countryCode: owner?.country.code ?? row.studyCountry,
    archived: row.archivedAt !== null || !!owner?.archivedAt || !!row.program?.archivedAt,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The Prisma condition of a live scholarship (see the top of this file). */
export const LIVE_SCHOLARSHIP = {
  archivedAt: null,
  OR: [{ universityId: null }, { university: { archivedAt: null } }],
  AND: [{ OR: [{ programId: null }, { program: { archivedAt: null } }] }],
} satisfies Prisma.ScholarshipWhereInput;

/**
 * The scholarships `s` with what they belong to: `sp` their program, `su` their university (their
 * own or their program's), `sc` its country; the search's conditions read these aliases.
 */
export const SCHOLARSHIPS_FROM = Prisma.sql`"scholarships" s
  LEFT JOIN "programs" sp ON sp."id" = s."programId"
  LEFT JOIN "universities" su ON su."id" = COALESCE(s."universityId", sp."universityId")
  LEFT JOIN "countries" sc ON sc."id" = su."countryId"`;

/** SQL: scholarship `s` is live (see SCHOLARSHIPS_FROM). */
export const liveScholarship = Prisma.sql`s."archivedAt" IS NULL AND (sp."id" IS NULL OR sp."archivedAt" IS NULL)
  AND (su."id" IS NULL OR su."archivedAt" IS NULL)`;

/** SQL: scholarship `s`'s deadline has not passed at `now` in its zone, or it has none. */
export const scholarshipOpen = (now: Date) =>
  Prisma.sql`(s."deadline" IS NULL OR ${deadlineOpen(now, Prisma.raw("s"))})`;

/** A scholarship that lists no row of `table` (any level, any field), or lists `value`. */
function forAnyOr(table: "scholarship_levels" | "scholarship_fields", column: string, value: string) {
  const rows = Prisma.raw(`"${table}" x WHERE x."scholarshipId" = s."id"`);
  return Prisma.sql`(NOT EXISTS (SELECT 1 FROM ${rows}) OR EXISTS (SELECT 1 FROM ${rows} AND x.${Prisma.raw(
    `"${column}"`,
  )} = ${value}))`;
}

/**
 * The search's SQL condition on SCHOLARSHIPS_FROM (live scholarships only): the saved searches'
 * alerts use it too. `now` is when "open" is judged.
 */
export function scholarshipSearchCondition(criteria: ScholarshipSearchCriteria, now: Date): Prisma.Sql {
  const parts: Prisma.Sql[] = [liveScholarship];
  if (criteria.text) {
    parts.push(
      Prisma.sql`(${containsText(`s."name"`, criteria.text)} OR ${containsText(`s."provider"`, criteria.text)})`,
    );
  }
  if (criteria.countryCode) {
    parts.push(Prisma.sql`COALESCE(sc."code", s."studyCountry") = ${criteria.countryCode}`);
  }
  if (criteria.universityId !== undefined) parts.push(Prisma.sql`su."id" = ${criteria.universityId}`);
  if (criteria.level !== undefined) parts.push(forAnyOr("scholarship_levels", "level", criteria.level));
  if (criteria.field !== undefined) parts.push(forAnyOr("scholarship_fields", "field", criteria.field));
  if (criteria.nationality !== undefined) {
    parts.push(
      Prisma.sql`(cardinality(s."nationalities") = 0 OR ${criteria.nationality} = ANY(s."nationalities"))`,
    );
  }
  if (criteria.grade !== undefined) {
    parts.push(Prisma.sql`(s."minGrade" IS NULL OR s."minGrade" <= ${criteria.grade})`);
  }
  if (criteria.open) parts.push(scholarshipOpen(now));
  return Prisma.join(parts, " AND ");
}

function orderBy(sort: ScholarshipSort, now: Date): Prisma.Sql {
  // Open scholarships first in every sort: a closed one is of no use until its next round.
  const openFirst = Prisma.sql`CASE WHEN ${scholarshipOpen(now)} THEN 0 ELSE 1 END`;
  return sort === "name"
    ? Prisma.sql`${openFirst}, s."name" ASC, s."id" ASC`
    : Prisma.sql`${openFirst}, s."deadline" ASC NULLS LAST, s."name" ASC, s."id" ASC`;
}

/** The rows of these ids, in the ids' order (one deleted between the reads is left out). */
async function rowsOf(ids: number[]): Promise<ScholarshipDto[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.scholarship.findMany({ where: { id: { in: ids } }, select: scholarshipSelect });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toScholarshipDto(row)] : [];
  });
}

/**
 * A page of the public search and the number of matches: one query for the page's ids, one for the
 * count, one for the page's rows.
 */
export async function searchScholarships(
  criteria: ScholarshipSearchCriteria,
  options: { sort: ScholarshipSort; limit: number; offset: number; now?: Date },
): Promise<{ items: ScholarshipDto[]; total: number }> {
  const now = options.now ?? new Date();
  const where = scholarshipSearchCondition(criteria, now);
  const [page, [{ total }]] = await Promise.all([
    prisma.$queryRaw<{ id: number }[]>`
      SELECT s."id" FROM ${SCHOLARSHIPS_FROM} WHERE ${where}
       ORDER BY ${orderBy(options.sort, now)} LIMIT ${options.limit} OFFSET ${options.offset}`,
    prisma.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS "total" FROM ${SCHOLARSHIPS_FROM} WHERE ${where}`,
  ]);
  return { items: await rowsOf(page.map((row) => row.id)), total };
}

/** One live scholarship, or null. */
export async function getScholarship(id: number): Promise<ScholarshipDto | null> {
  const row = await prisma.scholarship.findFirst({
    where: { id, ...LIVE_SCHOLARSHIP },
    select: scholarshipSelect,
  });
  return row && toScholarshipDto(row);
}

/** One scholarship, archived or not (the admin's edit page), or null. */
export async function getScholarshipAnyState(id: number): Promise<ScholarshipDto | null> {
  const row = await prisma.scholarship.findUnique({ where: { id }, select: scholarshipSelect });
  return row && toScholarshipDto(row);
}

/**
 * The live scholarships of a live university's page: its own and those of its live programs, by
 * deadline (none last), then name.
 */
export async function listScholarshipsOfUniversity(universityId: number): Promise<ScholarshipDto[]> {
  const rows = await prisma.scholarship.findMany({
    where: {
      archivedAt: null,
      OR: [{ universityId }, { program: { universityId, archivedAt: null } }],
    },
    orderBy: [{ deadline: { sort: "asc", nulls: "last" } }, { name: "asc" }, { id: "asc" }],
    select: scholarshipSelect,
  });
  return rows.map(toScholarshipDto);
}

/** A row of the admin list: archived ones too, and how many students saved it. */
export interface AdminScholarshipDto extends ScholarshipDto {
  /** ISO date-time it was archived itself (not through its university or program), else null. */
  archivedAt: string | null;
  shortlistCount: number;
}

/** The admin list, newest first: archived scholarships too, searched by name or provider. */
export async function listAdminScholarships(options: {
  search?: string;
  limit: number;
  offset: number;
}): Promise<{ items: AdminScholarshipDto[]; total: number }> {
  const text = options.search
    ? Prisma.sql`(${containsText(`s."name"`, options.search)} OR ${containsText(`s."provider"`, options.search)})`
    : Prisma.sql`TRUE`;
  const [page, [{ total }]] = await Promise.all([
    prisma.$queryRaw<{ id: number }[]>`
      SELECT s."id" FROM "scholarships" s WHERE ${text}
       ORDER BY s."id" DESC LIMIT ${options.limit} OFFSET ${options.offset}`,
    prisma.$queryRaw<
      { total: number }[]
    >`SELECT count(*)::int AS "total" FROM "scholarships" s WHERE ${text}`,
  ]);
  const ids = page.map((row) => row.id);
  const [items, states, counts] = await Promise.all([
    rowsOf(ids),
    prisma.scholarship.findMany({ where: { id: { in: ids } }, select: { id: true, archivedAt: true } }),
    prisma.shortlistScholarship.groupBy({
      by: ["scholarshipId"],
      where: { scholarshipId: { in: ids } },
      _count: true,
    }),
  ]);
  const archivedOf = new Map(states.map((row) => [row.id, row.archivedAt]));
  const countOf = new Map(counts.map((row) => [row.scholarshipId, row._count]));
  return {
    total,
    items: items.map((item) => ({
      ...item,
      archivedAt: archivedOf.get(item.id)?.toISOString() ?? null,
      shortlistCount: countOf.get(item.id) ?? 0,
    })),
  };
}
