import "server-only";
import { prisma } from "@/lib/db/client.server";
import { countMatches, totalOfPage } from "@/lib/db/bounded-count.server";
import { nameContains } from "@/lib/db/text-match";
import { EXACT_COUNT_BOUND, type ListTotal } from "@/lib/paging";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RankingFields } from "@/lib/universities/ranking";
import { requirementSelect, requirementsOf, type ProgramRequirements } from "@/lib/fit/requirements";

/**
 * A program as the lists by deadline show it (the dashboard, My Applications' drafts, deadline
 * reminders): its name, degree and deadline, and its university's name and page.
 */
export const programDeadlineSelect = {
  id: true,
  name: true,
  degree: true,
  deadline: true,
  timeZone: true,
  university: { select: { name: true, slug: true } },
} as const;

export interface ProgramDto extends ProgramRequirements {
  id: number;
  universityId: number;
  name: string;
  description: string;
  level: string;
  field: string;
  degree: string;
  /** Years. */
  duration: number;
  /** Per year in `currency`, with two decimals, as a string so that no cent is lost: "12000.00". */
  tuition: string;
  /** The ISO 4217 code of the program's amounts ("USD"). */
  currency: string;
  /** ISO 8601 date-time: the deadline day's midnight UTC. */
  deadline: string;
  /** The IANA time zone the deadline day ends in (23:59 there), e.g. "Europe/Berlin". */
  timeZone: string;
  /** Counts the edits: PATCH sends it back, and is refused when the program changed since. */
  version: number;
  university: { id: number; name: string; slug: string; country: string; countryCode: string };
  /** The document types an application must include, in the types' display order. */
  requiredDocuments: string[];
  /** Those it may include. */
  optionalDocuments: string[];
  /** How many references an application needs. */
  referencesRequired: number;
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
  currency: true,
  deadline: true,
  timeZone: true,
  version: true,
  referencesRequired: true,
  ...requirementSelect,
  university: {
    select: { id: true, name: true, slug: true, country: { select: { name: true, code: true } } },
  },
  documentTypes: {
    select: { documentType: true, required: true },
    orderBy: [{ type: { position: "asc" } }, { documentType: "asc" }],
  },
} satisfies Prisma.ProgramSelect;

type ProgramRow = Prisma.ProgramGetPayload<{ select: typeof programSelect }>;

export function toProgramDto(row: ProgramRow): ProgramDto {
  const { university, tuition, deadline, documentTypes, ...rest } = row;
  return {
    ...rest,
    ...requirementsOf(row),
    requiredDocuments: documentTypes.filter((d) => d.required).map((d) => d.documentType),
    optionalDocuments: documentTypes.filter((d) => !d.required).map((d) => d.documentType),
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

/** Live: neither the program nor its university is archived. */
const liveProgram = { archivedAt: null, university: { archivedAt: null } } satisfies Prisma.ProgramWhereInput;

/** A live program (the public API); null for an archived one. */
export async function getProgram(id: number): Promise<ProgramDto | null> {
  const row = await prisma.program.findFirst({ where: { id, ...liveProgram }, select: programSelect });
  return row ? toProgramDto(row) : null;
}

export interface ProgramAnyState extends ProgramDto {
  /** It or its university is archived. */
  archived: boolean;
  /** When the program last changed (the apply page says so). */
  updatedAt: Date;
  /** The university's official website as stored (check it with safeWebsite before linking). */
  website: string | null;
}

/**
 * A program whether archived or not (the admin's edit page, the apply page, which says that an
 * archived program no longer takes applications). `archived`: it or its university is.
 */
export async function getProgramAnyState(id: number): Promise<ProgramAnyState | null> {
  const row = await prisma.program.findUnique({
    where: { id },
    select: {
      ...programSelect,
      archivedAt: true,
      updatedAt: true,
      university: { select: { ...programSelect.university.select, archivedAt: true, webPage: true } },
    },
  });
  if (!row) return null;
  const { archivedAt, updatedAt, university, ...rest } = row;
  const { archivedAt: universityArchivedAt, webPage, ...universityRest } = university;
  return {
    ...toProgramDto({ ...rest, university: universityRest }),
    archived: archivedAt !== null || universityArchivedAt !== null,
    updatedAt,
    website: webPage,
  };
}

export interface ProgramListOptions {
  universityId?: number;
  /** The program's stored level (a name of the study level list). */
  level?: string;
  /** Substring of the program's name or of its university's name, any case or accents. */
  search?: string;
  /** "university" (by university, then id: the API's order) or "newest" (the admin list). */
  order?: "university" | "newest";
  /** The admin list shows archived programs too; the public API never does. */
  includeArchived?: boolean;
  limit: number;
  offset: number;
}

/**
 * The programs a list reads, as `p`: all of them, or with a text those whose name or whose
 * university's name contains it (any case, any accents: lib/db/text-match.ts). Two disjoint
 * halves, each read through its name's trigram index, and the other conditions apply to both. An
 * OR across the join would read every program, and a `p."id" IN (... UNION ...)` read every
 * program too, to join the matches back (at 100,000 universities, 'engineering', 171,000 matches:
 * count 636 -> 165 ms). What counts a list's matches (countMatches); a page reads orderedPage.
 */
export function programsMatching(text: string | undefined): Prisma.Sql {
  if (!text) return Prisma.sql`"programs" p`;
  return Prisma.sql`(
    SELECT * FROM "programs" n WHERE ${nameContains("n", text)}
    UNION ALL
    SELECT m.* FROM "programs" m JOIN "universities" t ON t."id" = m."universityId"
     WHERE ${nameContains("t", text)} AND NOT (${nameContains("m", text)})
  ) p`;
}

/**
 * The id of each program `p` that matches `text` (as programsMatching) and `where`: what a list's
 * count counts (countMatches), which puts the LIMIT after it. With a text and `limit`, each half
 * also stops after that many on its own, so that a count up to a bound reads no more: planned on
 * its own, a half with a LIMIT reads a frequent word's first matches in the table's order and a
 * rare word's through the trigram index, where the halves' union planned as a whole read every
 * match of the index first (30 to 60 ms for 'engineering' at a million programs, before counting).
 */
export function matchingRows(
  text: string | undefined,
  where: Prisma.Sql,
  limit?: number,
  after?: Prisma.Sql,
  options: { allColumns?: boolean } = {},
): Prisma.Sql {
  // `after`, conditions on `p` applied to what the rest selects: see countMatchingPrograms.
  // `allColumns`: each match's row (p.*) instead of its id, for conditions evaluated on it.
  const then = (rows: Prisma.Sql) =>
    after ? Prisma.sql`SELECT p."id" FROM (${rows} OFFSET 0) p WHERE ${after}` : rows;
  const columns = after || options.allColumns ? Prisma.sql`p.*` : Prisma.sql`p."id"`;
  if (!text) return then(Prisma.sql`SELECT ${columns} FROM "programs" p WHERE ${where}`);
  const cut = limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${limit}`;
  return Prisma.sql`
    (${then(Prisma.sql`SELECT ${columns} FROM "programs" p WHERE ${nameContains("p", text)} AND ${where}`)} ${cut})
    UNION ALL
    (${then(Prisma.sql`SELECT ${columns} FROM "programs" p JOIN "universities" t ON t."id" = p."universityId"
      WHERE ${nameContains("t", text)} AND NOT (${nameContains("p", text)}) AND ${where}`)} ${cut})`;
}

/**
 * The matches of `text` and `where` counted up to the bound, estimated past it (countMatches) from
 * `estimate`, the same matches written for the planner to size (matchingRows of them by default).
 * `after`, conditions the planner cannot size (the fit filters': it took the matches of
 * 'engineering' and the three for 14,000 where 68,000 match, and read all 171,000 of the word
 * through its index to count the first 1,000), is applied to the rows `where` selects, read by
 * the plan made for `where` alone (OFFSET 0 keeps the planner from merging the two).
 */
export function countMatchingPrograms(
  text: string | undefined,
  where: Prisma.Sql,
  estimate: Prisma.Sql = matchingRows(text, where),
  after?: Prisma.Sql,
): Promise<ListTotal> {
  return countMatches(matchingRows(text, where, EXACT_COUNT_BOUND + 1, after), { estimate });
}

/** One key of a program list's order: SQL on `p` (and on what `join` adds), ascending unless said. */
export interface SortKey {
  sql: Prisma.Sql;
  descending?: boolean;
  nullsLast?: boolean;
}

/**
 * The ids of a page of programs `p` that match `text` (as programsMatching) and `where`, in the
 * order of `keys` (the last of which must tell every two programs apart). `join` adds tables to
 * `p` for the keys and `where` (the university as `u`).
 *
 * With a text, each half is ordered and cut at the page's end on its own, and only those rows are
 * merged: a half ordered as a whole can walk its sort's index and stop after the page's rows when
 * the text is frequent, or read its few matches through the trigram index when it is rare, as the
 * planner finds cheaper. Ordering the two halves' union read every match of both first
 * ('engineering' at 100,000 universities: 171,000 programs, 280 ms for a page of 20).
 */
export function orderedPage(
  text: string | undefined,
  where: Prisma.Sql,
  keys: readonly SortKey[],
  window: { limit: number; offset: number },
  join: Prisma.Sql = Prisma.empty,
): Prisma.Sql {
  const direction = (key: SortKey) =>
    Prisma.raw(`${key.descending ? "DESC" : "ASC"}${key.nullsLast ? " NULLS LAST" : ""}`);
  const order = Prisma.join(
    keys.map((key) => Prisma.sql`${key.sql} ${direction(key)}`),
    ", ",
  );
  if (!text) {
    return Prisma.sql`SELECT p."id" FROM "programs" p ${join} WHERE ${where}
                       ORDER BY ${order} LIMIT ${window.limit} OFFSET ${window.offset}`;
  }
  const end = window.offset + window.limit;
  const columns = Prisma.join(
    keys.map((key, index) => Prisma.sql`${key.sql} AS ${Prisma.raw(`"k${index}"`)}`),
    ", ",
  );
  const merged = Prisma.join(
    keys.map((key, index) => Prisma.sql`${Prisma.raw(`"k${index}"`)} ${direction(key)}`),
    ", ",
  );
  return Prisma.sql`
    SELECT "id" FROM (
      (SELECT p."id", ${columns} FROM "programs" p ${join}
        WHERE ${nameContains("p", text)} AND ${where}
        ORDER BY ${order} LIMIT ${end})
      UNION ALL
      (SELECT p."id", ${columns} FROM "programs" p JOIN "universities" t ON t."id" = p."universityId" ${join}
        WHERE ${nameContains("t", text)} AND NOT (${nameContains("p", text)}) AND ${where}
        ORDER BY ${order} LIMIT ${end})
    ) "halves"
    ORDER BY ${merged} LIMIT ${window.limit} OFFSET ${window.offset}`;
}

/** SQL condition on programs `p` for the list's filters (the text is in programsMatching). */
export function listCondition(
  options: Pick<ProgramListOptions, "includeArchived" | "universityId" | "level">,
): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  // The program's own mark is enough: archiving a university archives its programs, and neither a
  // new program nor a restore may put a live program under an archived university (commands.ts,
  // import). Checking the university too cost a join per program: 3x on the 56,000-row count.
  if (!options.includeArchived) parts.push(Prisma.sql`p."archivedAt" IS NULL`);
  if (options.universityId !== undefined) parts.push(Prisma.sql`p."universityId" = ${options.universityId}`);
  if (options.level !== undefined) parts.push(Prisma.sql`p."level" = ${options.level}`);
  return parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
}

/** A row of the admin list: archived programs too, and what deleting one would keep. */
export interface AdminProgramDto extends ProgramDto {
  /** ISO date-time when the program was archived, else null. */
  archivedAt: string | null;
  /** Its university is archived (restore that first). */
  universityArchived: boolean;
  applicationCount: number;
}

/** The admin list: archived programs too, each with its application count. */
export async function listAdminPrograms(
  options: Omit<ProgramListOptions, "includeArchived">,
): Promise<{ items: AdminProgramDto[] } & ListTotal> {
  const page = await listPrograms({ ...options, includeArchived: true });
  const ids = page.items.map((item) => item.id);
  const [states, counts] = await Promise.all([
    prisma.program.findMany({
      where: { id: { in: ids } },
      select: { id: true, archivedAt: true, university: { select: { archivedAt: true } } },
    }),
    prisma.application.groupBy({ by: ["programId"], where: { programId: { in: ids } }, _count: true }),
  ]);
  const stateOf = new Map(states.map((row) => [row.id, row]));
  const countOf = new Map(counts.map((row) => [row.programId, row._count]));
  return {
    total: page.total,
    approximate: page.approximate,
    items: page.items.map((item) => {
      const state = stateOf.get(item.id);
      return {
        ...item,
        archivedAt: state?.archivedAt?.toISOString() ?? null,
        universityArchived: !!state?.university.archivedAt,
        applicationCount: countOf.get(item.id) ?? 0,
      };
    }),
  };
}

/** The orders of the program lists: newest first (the admin list), or by university (the API). */
const LIST_ORDERS: Record<NonNullable<ProgramListOptions["order"]>, readonly SortKey[]> = {
  newest: [{ sql: Prisma.sql`p."id"`, descending: true }],
  university: [{ sql: Prisma.sql`p."universityId"` }, { sql: Prisma.sql`p."id"` }],
};

/**
 * Every live program, or every program with `includeArchived`, counted exactly from the
 * universities' program figures (programCount, archivedProgramCount: kept by triggers) in one
 * index-only scan: 5 to 8 ms at 100,000 universities, where counting the programs took 100 ms.
 */
export async function countEveryProgram(includeArchived: boolean): Promise<ListTotal> {
  const [{ total }] = await prisma.$queryRaw<{ total: number }[]>`
    SELECT coalesce(sum("programCount"${Prisma.raw(includeArchived ? ` + "archivedProgramCount"` : "")}), 0)::int AS "total"
      FROM "universities"`;
  return { total };
}

/**
 * A page of programs with their universities, and the number of matches (exact up to
 * EXACT_COUNT_BOUND, then estimated; exact without conditions): one query for the page's ids, one
 * for the count, one for the rows of the page. Live programs only unless `includeArchived`.
 */
export async function listPrograms(
  options: ProgramListOptions,
): Promise<{ items: ProgramDto[] } & ListTotal> {
  const where = listCondition(options);
  const window = { limit: options.limit, offset: options.offset };
  const matches = matchingRows(options.search, where);
  const unfiltered = !options.search && options.universityId === undefined && options.level === undefined;
  const [page, count] = await Promise.all([
    prisma.$queryRaw<{ id: number }[]>(
      orderedPage(options.search, where, LIST_ORDERS[options.order ?? "university"], window),
    ),
    unfiltered
      ? countEveryProgram(Boolean(options.includeArchived))
      : countMatchingPrograms(options.search, where),
  ]);
  const total = await totalOfPage(count, { ...window, shown: page.length }, matches);
  const ids = page.map((row) => row.id);
  const rows = ids.length
    ? await prisma.program.findMany({ where: { id: { in: ids } }, select: programSelect })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProgramDto(row)] : []; // deleted between the two reads
  });
  return { items, ...total };
}

/** A program with its university's ranking: the cards of /programs and the columns of /compare. */
export interface ProgramWithRanking extends ProgramDto {
  university: ProgramDto["university"] & RankingFields;
}

export const programWithRankingSelect = {
  ...programSelect,
  university: {
    select: { ...programSelect.university.select, ranking: true, rankingSource: true, rankingYear: true },
  },
} satisfies Prisma.ProgramSelect;

export function toProgramWithRanking(
  row: Prisma.ProgramGetPayload<{ select: typeof programWithRankingSelect }>,
): ProgramWithRanking {
  const { ranking, rankingSource, rankingYear } = row.university;
  const dto = toProgramDto(row);
  return { ...dto, university: { ...dto.university, ranking, rankingSource, rankingYear } };
}

export const COMPARE_UNAVAILABLE = (count: number) =>
  count === 1
    ? "One of these programs is no longer offered or does not exist. Choose another to compare."
    : "Some of these programs are no longer offered or do not exist. Choose others to compare.";

/**
 * The live programs of /compare, in the order asked; a message instead when any is unknown or
 * archived (a comparison with a gap would mislead).
 */
export async function getProgramsToCompare(
  ids: number[],
): Promise<{ ok: true; programs: ProgramWithRanking[] } | { ok: false; message: string }> {
  const rows = await prisma.program.findMany({
    where: { id: { in: ids }, archivedAt: null },
    select: programWithRankingSelect,
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) return { ok: false, message: COMPARE_UNAVAILABLE(missing.length) };
  return { ok: true, programs: ids.map((id) => toProgramWithRanking(byId.get(id)!)) };
}

/**
 * Whether students applied to the program or are writing an application to it: either would show
 * a new university as the one they applied to, so such a program keeps its university.
 */
export async function programHasApplications(
  id: number,
  db: Pick<Prisma.TransactionClient, "application" | "applicationDraft"> = prisma,
): Promise<boolean> {
  // One after the other: `db` may be a transaction, whose queries share one connection.
  const applications = await db.application.count({ where: { programId: id } });
  return applications > 0 || (await db.applicationDraft.count({ where: { programId: id } })) > 0;
}
