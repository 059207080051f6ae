import "server-only";
import { countryTimeZone } from "@/lib/dates/country-zones";
import { dayOf } from "@/lib/dates/days";
import { Prisma } from "@/lib/generated/prisma/client";
import { scholarshipKey } from "@/lib/scholarships/key";
import { scholarshipSelect, toScholarshipDto, type ScholarshipDto } from "@/lib/scholarships/queries.server";
import { scholarshipSchema, type ScholarshipInput } from "@/lib/validation/scholarship";
import { SCHOLARSHIP_COLUMNS, LIST_SEPARATOR, type RowError } from "./columns";
import type { SourceRow } from "./parse";
import {
  batches,
  duplicateRow,
  errorsOf,
  oldSlugs,
  UNIVERSITY_IS_ARCHIVED,
  type PassContext,
} from "./run.server";
import { UNIVERSITY_NOT_FOUND } from "@/lib/validation/program-form";

// The scholarships of an import file (lib/import/run.server.ts runs the file: a dry run, or one
// transaction that saves every row or none). A row is checked with the admin form's schema, matched
// to a live scholarship by its provider and name, and its university and program are named by the
// university's slug and the program's name and degree. A column the file lacks keeps an existing
// scholarship's value; an empty cell clears it. The CSV export writes exactly these cells, so
// importing an export changes nothing.

type Tx = Prisma.TransactionClient;
type Cells = Record<string, string>;

export const PROGRAM_NOT_OF_UNIVERSITY =
  "No live program of this university has this name and degree (programDegree)";
export const PROGRAM_NEEDS_UNIVERSITY = "Give the program's university (its slug) too";

/** A scholarship's cells, in SCHOLARSHIP_COLUMNS' order (the export's row, the import's starting values). */
export function scholarshipCells(scholarship: ScholarshipDto, universitySlug: string | null): Cells {
  const list = (items: readonly string[]) => items.join(LIST_SEPARATOR);
  return {
    provider: scholarship.provider,
    name: scholarship.name,
    description: scholarship.description ?? "",
    amountMin: scholarship.amountMin ?? "",
    amountMax: scholarship.amountMax ?? "",
    currency: scholarship.currency ?? "",
    amountNote: scholarship.amountNote ?? "",
    nationalities: list(scholarship.nationalities),
    levels: list(scholarship.levels),
    fields: list(scholarship.fields),
    minGrade: scholarship.minGrade === null ? "" : String(scholarship.minGrade),
    deadline: scholarship.deadline ? dayOf(new Date(scholarship.deadline)) : "",
    timeZone: scholarship.timeZone,
    officialUrl: scholarship.officialUrl,
    university: universitySlug ?? "",
    program: scholarship.program?.name ?? "",
    programDegree: scholarship.program?.degree ?? "",
    studyCountry: scholarship.studyCountry ?? "",
  };
}

/** The cells as an array in the columns' order (a CSV row). */
export const cellRow = (cells: Cells) => SCHOLARSHIP_COLUMNS.map((column) => cells[column.name] ?? "");

type StoredScholarship = { dto: ScholarshipDto; cells: Cells };

/** A stored scholarship by its key, with its cells. */
function storedEntry(row: Prisma.ScholarshipGetPayload<{ select: typeof scholarshipSelect }>) {
  const dto = toScholarshipDto(row);
  return [
    scholarshipKey(dto.provider, dto.name),
    { dto, cells: scholarshipCells(dto, dto.university?.slug ?? null) },
  ] as const;
}

/** The live scholarships with their cells, by key. */
async function storedScholarships(tx: Tx): Promise<Map<string, StoredScholarship>> {
  const rows = await tx.scholarship.findMany({ where: { archivedAt: null }, select: scholarshipSelect });
  return new Map(rows.map(storedEntry));
}

const keyOfRow = (values: Record<string, unknown>) =>
  scholarshipKey(String(values.provider ?? "").trim(), String(values.name ?? "").trim());

/**
 * Locks the stored scholarships a batch's rows match (FOR UPDATE, in id order) and reads them again.
 * A column the file lacks keeps the stored value, so the row is written from what is stored at
 * that moment: an admin's edit that committed after the first read is kept, not overwritten with
 * what was read before it, and an edit that comes later waits for the import, then is refused as
 * made on an older version (the import raises it). One renamed, archived or deleted meanwhile no
 * longer matches: the row then creates the scholarship, as it would have after the change.
 */
async function lockMatched(tx: Tx, stored: Map<string, StoredScholarship>, batch: SourceRow[]) {
  const matched = new Map<number, string>();
  for (const { values } of batch) {
    const key = keyOfRow(values);
    const entry = stored.get(key);
    if (entry) matched.set(entry.dto.id, key);
  }
  if (matched.size === 0) return;
  const ids = [...matched.keys()].sort((a, b) => a - b);
  await tx.$queryRaw`SELECT "id" FROM "scholarships" WHERE "id" = ANY(${ids}::int[]) ORDER BY "id" FOR UPDATE`;
  const rows = await tx.scholarship.findMany({
    where: { id: { in: ids }, archivedAt: null },
    select: scholarshipSelect,
  });
  for (const key of matched.values()) stored.delete(key);
  for (const row of rows) stored.set(...storedEntry(row));
}

/** What a parsed row stores, comparable with a stored scholarship. */
function comparable(
  input: ScholarshipInput,
  owner: { universityId: number | null; programId: number | null },
  timeZone: string,
) {
  return {
    name: input.name,
    provider: input.provider,
    description: input.description,
    amountMin: input.amountMin,
    amountMax: input.amountMax,
    currency: input.currency,
    amountNote: input.amountNote,
    nationalities: input.nationalities,
    levels: input.levels,
    fields: input.fields,
    minGrade: input.minGrade,
    deadline: input.deadline?.toISOString() ?? null,
    timeZone,
    officialUrl: input.officialUrl,
    universityId: owner.universityId,
    programId: owner.programId,
    studyCountry: input.studyCountry,
  };
}

export async function importScholarships(context: PassContext) {
  const { tx, source, write, now, report } = context;
  const levels = (
    await tx.studyLevel.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }], select: { name: true } })
  ).map((row) => row.name);
  const fields = (
    await tx.studyField.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }], select: { name: true } })
  ).map((row) => row.name);
  const universities = await tx.university.findMany({
    select: { id: true, slug: true, archivedAt: true, country: { select: { code: true } } },
  });
  const bySlug = new Map(universities.map((university) => [university.slug, university]));
  const byId = new Map(universities.map((university) => [university.id, university]));
  for (const old of await oldSlugs(tx)) {
    const university = byId.get(old.universityId);
    if (university && !bySlug.has(old.slug)) bySlug.set(old.slug, university);
  }
  const stored = await storedScholarships(tx);
  /** Keys of this file's rows, with the row that has each. */
  const seen = new Map<string, number>();

  for await (const batch of batches(context)) {
    if (write) await lockMatched(tx, stored, batch);
    // Each row's cells: what the row gives, and for each column it lacks the stored scholarship's
    // value (a new one's: empty). A CSV row has every column of the header; a JSON object may
    // leave a key out that other objects of the file have, and is then read as a file without
    // that column. The program lookup below reads these cells, not the row alone, so a file
    // without the university, program or programDegree column keeps a program's scholarship on
    // its program, as it keeps any other value.
    const rows = batch.map(({ row, values }) => {
      const key = keyOfRow(values);
      const current = stored.get(key);
      const cells: Record<string, unknown> = { ...(current?.cells ?? {}) };
      for (const column of source.columns) if (column in values) cells[column] = values[column];
      return { row, values, key, current, cells };
    });
    // The live programs the batch names, in one query.
    const named = rows.flatMap(({ cells }) => {
      const university = bySlug.get(String(cells.university ?? "").trim());
      const name = String(cells.program ?? "").trim();
      return university && name
        ? [{ universityId: university.id, name, degree: String(cells.programDegree ?? "").trim() }]
        : [];
    });
    const programs = named.length
      ? await tx.$queryRaw<{ id: number; universityId: number; name: string; degree: string }[]>`
          SELECT p."id", p."universityId", p."name", p."degree" FROM "programs" p
            JOIN unnest(${named.map((k) => k.universityId)}::int[], ${named.map((k) => k.name)}::text[],
                        ${named.map((k) => k.degree)}::text[]) AS k("universityId", "name", "degree")
              ON p."universityId" = k."universityId" AND p."name" = k."name" AND p."degree" = k."degree"
           WHERE p."archivedAt" IS NULL`
      : [];
    const programOf = new Map(
      programs.map((p) => [`${p.universityId}\u0000${p.name}\u0000${p.degree}`, p.id]),
    );

    for (const { row, values, key, current, cells } of rows) {
      const label = `${String(values.provider ?? "").trim()} / ${String(values.name ?? "").trim()}`;
      const errors: RowError[] = [];

      const slug = String(cells.university ?? "").trim();
      const programName = String(cells.program ?? "").trim();
      const university = slug ? bySlug.get(slug) : undefined;
      if (slug && !university) errors.push({ field: "university", message: UNIVERSITY_NOT_FOUND });
      else if (university?.archivedAt) errors.push({ field: "university", message: UNIVERSITY_IS_ARCHIVED });
      let programId: number | null = null;
      if (programName) {
        if (!slug) errors.push({ field: "program", message: PROGRAM_NEEDS_UNIVERSITY });
        else if (university) {
          programId =
            programOf.get(
              `${university.id}\u0000${programName}\u0000${String(cells.programDegree ?? "").trim()}`,
            ) ?? null;
          if (programId === null) errors.push({ field: "program", message: PROGRAM_NOT_OF_UNIVERSITY });
        }
      }
      const universityId = university && !programName ? university.id : null;
      const parsed = scholarshipSchema({
        levels,
        fields,
        now,
        currentDeadline: current?.dto.deadline ?? null,
      }).safeParse({ ...cells, universityId, programId });
      if (!parsed.success) {
        for (const error of errorsOf(parsed.error)) {
          if (!errors.some((known) => known.field === error.field)) errors.push(error);
        }
      }
      if (errors.length > 0 || !parsed.success) {
        report.reject(row, label, errors);
        continue;
      }
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        report.reject(row, label, [{ field: "name", message: duplicateRow(earlier) }]);
        continue;
      }
      seen.set(key, row);

      const input = parsed.data;
      const owner = { universityId, programId };
      const timeZone =
        input.timeZone ??
        current?.dto.timeZone ??
        countryTimeZone(university?.country.code ?? input.studyCountry);
      const wanted = comparable(input, owner, timeZone);
      if (!current) {
        report.change(row, label, "created");
        if (write) await writeScholarship(tx, null, input, owner, timeZone);
        continue;
      }
      const before = current.dto as unknown as Record<string, unknown>;
      const changed = (Object.keys(wanted) as (keyof typeof wanted)[]).filter(
        (field) => JSON.stringify(before[field]) !== JSON.stringify(wanted[field]),
      );
      if (changed.length === 0) {
        report.count("unchanged");
        continue;
      }
      report.change(row, label, "updated", changed);
      if (write) await writeScholarship(tx, current.dto.id, input, owner, timeZone);
    }
  }
}

/** Creates (id null) or replaces a scholarship with a row's values, its levels and fields with it. */
async function writeScholarship(
  tx: Tx,
  id: number | null,
  input: ScholarshipInput,
  owner: { universityId: number | null; programId: number | null },
  timeZone: string,
) {
  const data = {
    name: input.name,
    provider: input.provider,
    description: input.description,
    amountMin: input.amountMin,
    amountMax: input.amountMax,
    currency: input.currency,
    amountNote: input.amountNote,
    nationalities: input.nationalities,
    minGrade: input.minGrade,
    deadline: input.deadline,
    timeZone,
    officialUrl: input.officialUrl,
    universityId: owner.universityId,
    programId: owner.programId,
    studyCountry: input.studyCountry,
  };
  const scholarshipId =
    id === null
      ? (await tx.scholarship.create({ data, select: { id: true } })).id
      : (
          await tx.scholarship.update({
            where: { id },
            data: { ...data, version: { increment: 1 } },
            select: { id: true },
          })
        ).id;
  await tx.scholarshipLevel.deleteMany({ where: { scholarshipId } });
  await tx.scholarshipField.deleteMany({ where: { scholarshipId } });
  if (input.levels.length > 0)
    await tx.scholarshipLevel.createMany({ data: input.levels.map((level) => ({ scholarshipId, level })) });
  if (input.fields.length > 0)
    await tx.scholarshipField.createMany({ data: input.fields.map((field) => ({ scholarshipId, field })) });
}
