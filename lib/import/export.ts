import "server-only";
import { stringify } from "csv-stringify/sync";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { COLUMNS, TEMPLATE_EXAMPLES, type ImportType } from "./columns";
import { protectCell } from "./formula";

// The CSV exports of the admin lists (issue 15): the live universities and programs with exactly
// the import's columns, so importing an export reports every row unchanged. Streamed a page at a
// time, so a large catalogue is never held in memory.

const PAGE = 1_000;

const header = (type: ImportType) => COLUMNS[type].map((column) => column.name);
const csv = (rows: unknown[][]) =>
  stringify(
    rows.map((row) => row.map(protectCell)),
    { record_delimiter: "\r\n" },
  );

/** The template: the header and one example row. */
export function importTemplate(type: ImportType): string {
  return csv([header(type), header(type).map((name) => TEMPLATE_EXAMPLES[type][name] ?? "")]);
}

async function universityPage(db: PrismaClient, afterId: number) {
  const rows = await db.university.findMany({
    where: { archivedAt: null, id: { gt: afterId } },
    orderBy: { id: "asc" },
    take: PAGE,
    select: {
      id: true,
      slug: true,
      name: true,
      country: { select: { code: true } },
      webPage: true,
      description: true,
      ranking: true,
      rankingSource: true,
      rankingYear: true,
    },
  });
  return {
    lastId: rows.at(-1)?.id ?? null,
    rows: rows.map((u) => [
      u.slug,
      u.name,
      u.country.code,
      u.webPage ?? "",
      u.description ?? "",
      u.ranking ?? "",
      u.rankingSource ?? "",
      u.rankingYear ?? "",
    ]),
  };
}

async function programPage(db: PrismaClient, afterId: number) {
  const rows = await db.program.findMany({
    where: { archivedAt: null, university: { archivedAt: null }, id: { gt: afterId } },
    orderBy: { id: "asc" },
    take: PAGE,
    select: {
      id: true,
      university: { select: { slug: true } },
      name: true,
      degree: true,
      level: true,
      field: true,
      duration: true,
      tuition: true,
      deadline: true,
      description: true,
    },
  });
  return {
    lastId: rows.at(-1)?.id ?? null,
    rows: rows.map((p) => [
      p.university.slug,
      p.name,
      p.degree,
      p.level,
      p.field,
      p.duration,
      p.tuition.toFixed(2),
      p.deadline.toISOString(),
      p.description,
    ]),
  };
}

/** The CSV of the live rows of `type`, as a stream. */
export function exportCsv(db: PrismaClient, type: ImportType): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const page = type === "universities" ? universityPage : programPage;
  let afterId: number | null = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csv([header(type)])));
    },
    async pull(controller) {
      if (afterId === null) return controller.close();
      const next = await page(db, afterId);
      if (next.rows.length > 0) controller.enqueue(encoder.encode(csv(next.rows)));
      afterId = next.rows.length === PAGE ? next.lastId : null;
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
