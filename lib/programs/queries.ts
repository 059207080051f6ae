import "server-only";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { likePattern } from "@/lib/universities/criteria";

export interface ProgramDto {
  id: number;
  universityId: number;
  name: string;
  description: string;
  level: string;
  field: string;
  degree: string;
  /** Years. */
  duration: number;
  /** USD per year with two decimals, as a string so that no cent is lost: "12000.00". */
  tuition: string;
  /** ISO 8601 date-time. */
  deadline: string;
  university: { id: number; name: string; slug: string; country: string; countryCode: string };
}

export const programSelect = {
  id: true,
  universityId: true,
  name: true,
  description: true,
  level: true,
  field: true,
  degree: true,
  duration: true,
  tuition: true,
  deadline: true,
  university: {
    select: { id: true, name: true, slug: true, country: { select: { name: true, code: true } } },
  },
} satisfies Prisma.ProgramSelect;

type ProgramRow = Prisma.ProgramGetPayload<{ select: typeof programSelect }>;

export function toProgramDto(row: ProgramRow): ProgramDto {
  const { university, tuition, deadline, ...rest } = row;
  return {
    ...rest,
    tuition: tuition.toFixed(2),
    deadline: deadline.toISOString(),
    university: {
      id: university.id,
      name: university.name,
      slug: university.slug,
      country: university.country.name,
      countryCode: university.country.code,
    },
  };
}

export async function getProgram(id: number): Promise<ProgramDto | null> {
  const row = await prisma.program.findUnique({ where: { id }, select: programSelect });
  return row ? toProgramDto(row) : null;
}

export interface ProgramListOptions {
  universityId?: number;
  /** The program's stored level (a name of the study level list). */
  level?: string;
  /** Case-insensitive substring of the program's name or of its university's name. */
  search?: string;
  /** "university" (by university, then id: the API's order) or "newest" (the admin list). */
  order?: "university" | "newest";
  limit: number;
  offset: number;
}

/** SQL condition on programs `p` for the list's filters. */
function listCondition(options: ProgramListOptions): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (options.universityId !== undefined) parts.push(Prisma.sql`p."universityId" = ${options.universityId}`);
  if (options.level !== undefined) parts.push(Prisma.sql`p."level" = ${options.level}`);
  if (options.search) {
    const pattern = likePattern(options.search);
    // Two index-backed halves (the trigram indexes on both names) instead of one OR across the
    // join, which would read every program.
    parts.push(Prisma.sql`p."id" IN (
      SELECT "id" FROM "programs" WHERE "name" ILIKE ${pattern} ESCAPE '\\'
      UNION
      SELECT m."id" FROM "programs" m JOIN "universities" u ON u."id" = m."universityId"
       WHERE u."name" ILIKE ${pattern} ESCAPE '\\'
    )`);
  }
  return parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
}

/**
 * A page of programs with their universities, and the number of matches: one query for the page's
 * ids, one for the count, one for the rows of the page.
 */
export async function listPrograms(
  options: ProgramListOptions,
): Promise<{ items: ProgramDto[]; total: number }> {
  const where = listCondition(options);
  const orderBy =
    options.order === "newest" ? Prisma.sql`p."id" DESC` : Prisma.sql`p."universityId" ASC, p."id" ASC`;
  const [page, [{ total }]] = await Promise.all([
    prisma.$queryRaw<{ id: number }[]>`
      SELECT p."id" FROM "programs" p WHERE ${where}
      ORDER BY ${orderBy} LIMIT ${options.limit} OFFSET ${options.offset}`,
    prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS "total" FROM "programs" p WHERE ${where}`,
  ]);
  const ids = page.map((row) => row.id);
  const rows = ids.length
    ? await prisma.program.findMany({ where: { id: { in: ids } }, select: programSelect })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProgramDto(row)] : []; // deleted between the two reads
  });
  return { items, total };
}
