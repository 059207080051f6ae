import "server-only";
import { REQUIREMENT_FIELDS, requirementsOf, requirementsToInput } from "@/lib/fit/requirements";
import { stringify } from "csv-stringify/sync";
import { containsText, nameContains } from "@/lib/db/text-match";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { listCondition } from "@/lib/programs/queries.server";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { universityCondition } from "@/lib/universities/search.server";
import { COLUMNS, LIST_SEPARATOR, TEMPLATE_EXAMPLES, type ImportType } from "./columns";
import { protectCell } from "./formula";
import { cellRow, scholarshipCells } from "./scholarships.server";
import {
  liveScholarship,
  SCHOLARSHIPS_FROM,
  scholarshipSelect,
  toScholarshipDto,
} from "@/lib/scholarships/queries.server";

// The CSV exports of the admin lists: the live universities, programs and scholarships that match the list's
// filters, with exactly the import's columns, so importing an export reports every row unchanged.
// Streamed a page at a time, so a large catalogue is never held in memory.

const PAGE = 1_000;

/** The filters of the admin list the export was asked from (its ?q= and, for programs, ?level=). */
export interface ExportFilters {
  q?: string;
  level?: string;
}

const header = (type: ImportType) => COLUMNS[type].map((column) => column.name);
// Records end with CRLF, and csv-stringify quotes on its own only a field that holds the whole
// record delimiter, the field delimiter or a quote. A lone LF or CR (a line break in a
// description) would be written bare, and a spreadsheet, which ends a row at any line break,
// would split the row. So every field holding a CR or an LF is quoted too.
export const csv = (rows: unknown[][]) =>
  stringify(
    rows.map((row) => row.map(protectCell)),
    { record_delimiter: "\r\n", quoted_match: /[\r\n]/ },
  );

/** The template: the header and one example row. */
export function importTemplate(type: ImportType): string {
  return csv([header(type), header(type).map((name) => TEMPLATE_EXAMPLES[type][name] ?? "")]);
}

/** The next PAGE ids after `afterId` that the filters match, through the admin lists' own SQL. */
async function universityIds(db: PrismaClient, filters: ExportFilters, afterId: number) {
  const where = universityCondition(toSearchCriteria({ q: filters.q }));
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT u."id" FROM "universities" u WHERE ${where} AND u."id" > ${afterId}
     ORDER BY u."id" LIMIT ${PAGE}`;
  return rows.map((row) => row.id);
}

/**
 * The next PAGE ids after `afterId`: programs walked in id order, each kept when its name or its
 * university's name contains the text (the list's rule, lib/db/text-match.ts). Walking in id order
 * stops at the page's end; the list's two index-read halves (programsMatching) would each be read
 * in full and sorted again for every page, which a text most names contain ("a") made minutes long.
 */
async function programIds(db: PrismaClient, filters: ExportFilters, afterId: number) {
  const where = listCondition({ level: filters.level });
  const text = filters.q
    ? Prisma.sql`AND (${nameContains("p", filters.q)} OR ${nameContains("u", filters.q)})`
    : Prisma.empty;
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT p."id" FROM "programs" p JOIN "universities" u ON u."id" = p."universityId"
     WHERE ${where} AND p."id" > ${afterId} ${text}
     ORDER BY p."id" LIMIT ${PAGE}`;
  return rows.map((row) => row.id);
}

/** The next PAGE ids after `afterId` of the live scholarships whose name or provider contains the text. */
async function scholarshipIds(db: PrismaClient, filters: ExportFilters, afterId: number) {
  const text = filters.q
    ? Prisma.sql`AND (${containsText(`s."name"`, filters.q)} OR ${containsText(`s."provider"`, filters.q)})`
    : Prisma.empty;
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT s."id" FROM ${SCHOLARSHIPS_FROM} WHERE ${liveScholarship} AND s."id" > ${afterId} ${text}
     ORDER BY s."id" LIMIT ${PAGE}`;
  return rows.map((row) => row.id);
}

async function scholarshipPage(db: PrismaClient, ids: number[]) {
  const rows = await db.scholarship.findMany({
    where: { id: { in: ids } },
    orderBy: { id: "asc" },
    select: scholarshipSelect,
  });
  return rows.map((row) => {
    const scholarship = toScholarshipDto(row);
    // A program's scholarship names its program's university, as the import reads it.
    return cellRow(scholarshipCells(scholarship, scholarship.university?.slug ?? null));
  });
}

/** The universities of `ids` in id order, with their country's code, in one query (as programPage). */
async function universityPage(db: PrismaClient, ids: number[]) {
  const rows = await db.$queryRaw<
    {
      slug: string;
      name: string;
      code: string;
      webPage: string | null;
      description: string | null;
      ranking: number | null;
      rankingSource: string | null;
      rankingYear: number | null;
    }[]
  >`
    SELECT u."slug", u."name", c."code", u."webPage", u."description", u."ranking", u."rankingSource",
           u."rankingYear"
      FROM "universities" u JOIN "countries" c ON c."id" = u."countryId"
     WHERE u."id" = ANY(${ids}::int[])
     ORDER BY u."id"`;
  return rows.map((u) => [
    u.slug,
    u.name,
    u.code,
    u.webPage ?? "",
    u.description ?? "",
    u.ranking ?? "",
    u.rankingSource ?? "",
    u.rankingYear ?? "",
  ]);
}

/** A program's columns as programPage reads them. */
type ProgramRow = {
  slug: string;
  name: string;
  degree: string;
  level: string;
  field: string;
  duration: number;
  /** The column's text: its scale of 2 writes "13000.00", as Decimal.toFixed(2) did, without a Decimal per row. */
  tuition: string;
  currency: string;
  deadline: Date;
  timeZone: string;
  description: string;
  requiredDocuments: string[];
  optionalDocuments: string[];
  referencesRequired: number;
} & Parameters<typeof requirementsOf>[0];

/**
 * The programs of `ids` in id order, in one query with their university's slug and their
 * document types. Read through findMany with those relations, the client's per-field mapping of
 * the nested rows took most of a full export's time (56,000 programs: seconds per request).
 */
async function programPage(db: PrismaClient, ids: number[]) {
  const rows = await db.$queryRaw<ProgramRow[]>`
    SELECT u."slug", p."name", p."degree", p."level", p."field", p."duration", p."tuition"::text AS "tuition",
           p."currency", p."deadline", p."timeZone", p."description",
           COALESCE(d."required", '{}') AS "requiredDocuments", COALESCE(d."optional", '{}') AS "optionalDocuments",
           p."referencesRequired", p."minGrade", p."minIelts", p."minToefl", p."minDuolingo", p."minCambridge",
           p."startTerms", p."tuitionHome", p."applicationFee", p."visaSponsorship"
      FROM "programs" p JOIN "universities" u ON u."id" = p."universityId"
      LEFT JOIN LATERAL (
        SELECT array_agg(pd."documentType") FILTER (WHERE pd."required") AS "required",
               array_agg(pd."documentType") FILTER (WHERE NOT pd."required") AS "optional"
          FROM "program_documents" pd WHERE pd."programId" = p."id") d ON TRUE
     WHERE p."id" = ANY(${ids}::int[])
     ORDER BY p."id"`;
  // Sorted here, not in SQL: the database's collation may order names unlike the sort before.
  const list = (names: string[]) => [...names].sort().join(LIST_SEPARATOR);
  return rows.map((p) => [
    p.slug,
    p.name,
    p.degree,
    p.level,
    p.field,
    p.duration,
    p.tuition,
    p.currency,
    p.deadline.toISOString(),
    p.timeZone,
    p.description,
    list(p.requiredDocuments),
    list(p.optionalDocuments),
    String(p.referencesRequired),
    ...requirementCells(p),
  ]);
}

/** A program's requirement columns, in PROGRAM_COLUMNS' order. */
function requirementCells(row: Parameters<typeof requirementsOf>[0]): string[] {
  const cells = requirementsToInput(requirementsOf(row), LIST_SEPARATOR);
  return REQUIREMENT_FIELDS.map((field) => cells[field]);
}

/** The CSV of the live rows of `type` that match the list's filters, as a stream. */
export function exportCsv(
  db: PrismaClient,
  type: ImportType,
  filters: ExportFilters = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const [idsAfter, page] =
    type === "universities"
      ? [universityIds, universityPage]
      : type === "programs"
        ? [programIds, programPage]
        : [scholarshipIds, scholarshipPage];
  let afterId: number | null = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csv([header(type)])));
    },
    async pull(controller) {
      if (afterId === null) return controller.close();
      const ids = await idsAfter(db, filters, afterId);
      const rows = ids.length > 0 ? await page(db, ids) : [];
      if (rows.length > 0) controller.enqueue(encoder.encode(csv(rows)));
      afterId = ids.length === PAGE ? ids.at(-1)! : null;
      if (afterId === null) controller.close();
    },
  });
}

/** The response of an export or template: a CSV file to save. */
export function csvResponse(body: ReadableStream<Uint8Array> | string, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
    },
  });
}
