import "server-only";
import { DEFAULT_CURRENCY } from "@/lib/money/currencies";
import { countryTimeZone } from "@/lib/dates/country-zones";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { ZodError } from "@/lib/validation/zod";
import { recordAudit, type AuditActor } from "@/lib/audit/record.server";
import { catalogueChanged, scholarshipCatalogueChanged } from "@/lib/cache/tags.server";
import { afterCommit } from "@/lib/db/after-commit.server";
import { refreshCatalogueStatistics } from "@/lib/db/statistics";
import { violatedForeignKey, violatedUniqueIndex } from "@/lib/db/errors.server";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { conflict } from "@/lib/http/errors";
import { PROGRAM_KEY_INDEX, programKey } from "@/lib/programs/key";
import { SCHOLARSHIP_KEY_INDEX } from "@/lib/scholarships/key";
import {
  REQUIREMENT_ALIASES,
  REQUIREMENT_VALUES,
  requirementArrays,
} from "@/lib/fit/requirements-sql.server";
import {
  NO_REQUIREMENTS,
  REQUIREMENT_FIELDS,
  type ProgramRequirements,
  type RequirementInput,
} from "@/lib/fit/requirements";
import { uniqueSlug } from "@/lib/universities/slug";
import { DEADLINE_PAST, programSchema, UNIVERSITY_NOT_FOUND } from "@/lib/validation/program-form";
import {
  INVALID_COUNTRY,
  slugParamsSchema,
  universitySchema,
  webPageSchema,
} from "@/lib/validation/university";
import {
  MAX_REPORTED_ROWS,
  type ImportReport,
  type ImportType,
  type RowError,
  type RowOutcome,
} from "./columns";
import { readImportFile, type ImportSource, type SourceRow } from "./parse";
import { importScholarships } from "./scholarships.server";

// Bulk import: every row is checked with the schemas of the admin forms, matched by its
// natural key (a university by slug, else by its website's host; a program by university, name and
// degree) and classified created / updated / unchanged / rejected. A dry run stops there. Apply
// does the same pass inside ONE transaction, writing batch by batch, and rolls everything back
// when any row is rejected or a write fails: a file is imported whole or not at all. Rows are read
// one batch at a time and the report keeps counts plus the first rows, so memory stays bounded;
// the event loop gets a turn between batches.

type Tx = Prisma.TransactionClient;

const BATCH = 1_000;
/** An apply of 100,000 rows takes a while; Prisma's default (5 s) would cut it short. */
const TRANSACTION_TIMEOUT_MS = 30 * 60_000;

export const NO_UNIVERSITY_KEY = "Give the university's slug or its website, so that the row can be matched";
export const UNIVERSITY_IS_ARCHIVED = "This university is archived. Restore it first, or leave the row out.";
export const PROGRAM_IS_ARCHIVED = "This program is archived. Restore it first, or leave the row out.";
export const SEVERAL_PROGRAMS =
  "Several programs of this university have this name and degree: rename or delete the extra ones, then import again.";
export const IMPORT_HAS_REJECTED =
  "Nothing was imported: fix the rejected rows (see the dry run) and upload the file again.";
export const duplicateRow = (row: number) => `Row ${row} already has this key: keep one of the two rows.`;
export const sharedHost = (host: string) =>
  `Several universities have the website ${host}: give the slug of the one to update.`;

export interface ImportOptions {
  type: ImportType;
  fileName: string;
  bytes: Uint8Array;
  /** Save the changes (in one transaction); otherwise a dry run. */
  apply: boolean;
  now?: Date;
  /** Called after each batch with the number of rows read so far. */
  onProgress?: (rows: number) => void;
}

export class Report {
  readonly value: ImportReport;
  constructor(type: ImportType, fileName: string) {
    this.value = {
      type,
      fileName,
      applied: false,
      counts: { total: 0, created: 0, updated: 0, unchanged: 0, rejected: 0 },
      rejected: [],
      changes: [],
    };
  }
  count(outcome: RowOutcome) {
    this.value.counts.total++;
    this.value.counts[outcome]++;
  }
  reject(row: number, key: string, errors: RowError[]) {
    this.count("rejected");
    if (this.value.rejected.length < MAX_REPORTED_ROWS) this.value.rejected.push({ row, key, errors });
  }
  change(row: number, key: string, outcome: "created" | "updated", fields: string[] = []) {
    this.count(outcome);
    if (this.value.changes.length < MAX_REPORTED_ROWS) this.value.changes.push({ row, key, outcome, fields });
  }
}

class Rejected extends Error {
  constructor(readonly report: ImportReport) {
    super(IMPORT_HAS_REJECTED);
  }
}

/** The file's report; with `apply`, its changes are saved unless a row is rejected (`applied`). */
export async function runImport(
  db: PrismaClient,
  actor: AuditActor,
  options: ImportOptions,
): Promise<ImportReport> {
  const now = options.now ?? new Date();
  const source = await readImportFile(options.type, options.fileName, options.bytes);
  const pass = (tx: Tx, write: boolean) => {
    const report = new Report(options.type, options.fileName);
    const context = { tx, source, write, now, report, onProgress: options.onProgress };
    const pass =
      options.type === "universities"
        ? importUniversities(context)
        : options.type === "programs"
          ? importPrograms(context)
          : importScholarships(context);
    return pass.then(() => report.value);
  };
  if (!options.apply) return pass(db, false);
  try {
    const applied = await db.$transaction(
      async (tx) => {
        await takeImportLock(tx);
        const report = await pass(tx, true);
        if (report.counts.rejected > 0) throw new Rejected(report);
        report.applied = true;
        const { total, created, updated, unchanged } = report.counts;
        await recordAudit(tx, actor, {
          action: `import.${options.type}`,
          entityType: "import",
          entityId: options.fileName.slice(0, 200),
          summary: `${options.fileName.slice(0, 200)}: ${created} created, ${updated} updated, ${unchanged} unchanged`,
          after: { fileName: options.fileName, type: options.type, total, created, updated, unchanged },
        });
        return report;
      },
      { timeout: TRANSACTION_TIMEOUT_MS, maxWait: 30_000 },
    );
    if (applied.counts.created + applied.counts.updated > 0) {
      if (options.type === "scholarships") {
        await scholarshipCatalogueChanged();
      } else {
        await afterCommit("refreshing the catalogue's statistics", () => refreshCatalogueStatistics(db));
        await catalogueChanged();
      }
    }
    return applied;
  } catch (error) {
    if (error instanceof Rejected) return error.report;
    if (violatedUniqueIndex(error) === PROGRAM_KEY_INDEX.name) throw conflict(PROGRAM_CREATED_MEANWHILE);
    if (violatedUniqueIndex(error) === SCHOLARSHIP_KEY_INDEX.name)
      throw conflict(SCHOLARSHIP_CREATED_MEANWHILE);
    if (violatedForeignKey(error) !== null) throw conflict(LIST_ENTRY_DELETED_MEANWHILE);
    throw error;
  }
}

/** The key of the advisory lock an apply holds (pg_advisory_xact_lock's one-key form). */
const IMPORT_LOCK = 0x696d706f7274;
export const PROGRAM_CREATED_MEANWHILE =
  "Someone created one of this file's programs while the import ran, so nothing was imported. Run the dry run again.";
export const SCHOLARSHIP_CREATED_MEANWHILE =
  "Someone created one of this file's scholarships while the import ran, so nothing was imported. Run the dry run again.";
export const LIST_ENTRY_DELETED_MEANWHILE =
  "A study level, study field or document type this file names was deleted while the import ran, so nothing was imported. Run the dry run again.";
export const IMPORT_IN_PROGRESS =
  "Another import is being applied right now. Wait until it has finished, then apply this file again.";

/**
 * One apply at a time: two applies of the same rows would both find them missing and both insert
 * them. A second apply is refused at once (409) rather than queued behind a long transaction.
 * Released when the transaction ends.
 */
async function takeImportLock(tx: Tx) {
  const [lock] = await tx.$queryRaw<
    { taken: boolean }[]
  >`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK}::bigint) AS "taken"`;
  if (!lock?.taken) throw conflict(IMPORT_IN_PROGRESS);
}

export interface PassContext {
  tx: Tx;
  source: ImportSource;
  write: boolean;
  now: Date;
  report: Report;
  onProgress?: (rows: number) => void;
}

/** The file's rows in batches, with a turn of the event loop between them. */
export async function* batches(context: PassContext): AsyncGenerator<SourceRow[]> {
  let batch: SourceRow[] = [];
  let read = 0;
  for await (const row of context.source.rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      yield batch;
      read += batch.length;
      batch = [];
      context.onProgress?.(read);
      await nextTurn();
    }
  }
  if (batch.length > 0) {
    yield batch;
    context.onProgress?.(read + batch.length);
  }
}

/** The first message per field, named as the file's columns are. */
export function errorsOf(error: ZodError, rename: Record<string, string> = {}): RowError[] {
  const errors = new Map<string, string>();
  for (const issue of error.issues) {
    const path = String(issue.path[0] ?? "_");
    const field = rename[path] ?? path;
    if (!errors.has(field)) errors.set(field, issue.message);
  }
  return [...errors].map(([field, message]) => ({ field, message }));
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value).trim());
const blankToNull = (value: string) => (value === "" ? null : value);

/** A website's host without "www.", the natural key of a university without a slug. */
export function hostOf(webPage: string | null | undefined): string | null {
  if (!webPage) return null;
  try {
    return new URL(webPage.trim()).hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Universities

const universityColumns = {
  id: true,
  slug: true,
  name: true,
  countryId: true,
  webPage: true,
  description: true,
  ranking: true,
  rankingSource: true,
  rankingYear: true,
  archivedAt: true,
} satisfies Prisma.UniversitySelect;
type StoredUniversity = Prisma.UniversityGetPayload<{ select: typeof universityColumns }>;

/** A university the file may name: a stored one, or one an earlier row creates. */
interface UniversityEntry {
  stored: StoredUniversity | null;
  /** The row of this file that already imports it. */
  row: number | null;
}

/** The slugs universities had before a rename (university_slugs), with the university of each. */
export const oldSlugs = (tx: Tx) =>
  tx.universitySlug.findMany({ select: { slug: true, universityId: true } });

const OPTIONAL_UNIVERSITY_FIELDS = [
  "webPage",
  "description",
  "ranking",
  "rankingSource",
  "rankingYear",
] as const;

async function importUniversities(context: PassContext) {
  const { tx, source, write, now, report } = context;
  const countries = await tx.country.findMany({ select: { id: true, code: true, name: true } });
  const byCode = new Map(countries.map((country) => [country.code, country]));
  const byName = new Map(countries.map((country) => [country.name.toLowerCase(), country]));
  const bySlug = new Map<string, UniversityEntry>();
  const byHost = new Map<string, UniversityEntry[]>();
  const remember = (entry: UniversityEntry, slug: string, host: string | null) => {
    bySlug.set(slug, entry);
    if (host) byHost.set(host, [...(byHost.get(host) ?? []), entry]);
  };
  const byId = new Map<number, UniversityEntry>();
  for (const stored of await tx.university.findMany({ select: universityColumns })) {
    const entry = { stored, row: null };
    byId.set(stored.id, entry);
    remember(entry, stored.slug, hostOf(stored.webPage));
  }
  // A slug a university had before a rename still finds it (a file exported before the rename).
  for (const old of await oldSlugs(tx)) {
    const entry = byId.get(old.universityId);
    if (entry && !bySlug.has(old.slug)) bySlug.set(old.slug, entry);
  }

  for await (const batch of batches(context)) {
    const creates: Prisma.UniversityCreateManyInput[] = [];
    for (const { row, values } of batch) {
      const slug = text(values.slug);
      const webPage = source.columns.has("webPage") ? blankToNull(text(values.webPage)) : undefined;
      const key = slug || webPage || text(values.name);
      const errors: RowError[] = [];
      const parsed = universitySchema.safeParse({
        name: values.name,
        country: values.country,
        description: values.description,
        ranking: values.ranking,
        rankingSource: values.rankingSource,
        rankingYear: values.rankingYear,
      });
      if (!parsed.success) errors.push(...errorsOf(parsed.error));
      if (slug) {
        const checked = slugParamsSchema.shape.slug.safeParse(slug);
        if (!checked.success) errors.push({ field: "slug", message: checked.error.issues[0].message });
      }
      if (webPage) {
        const checked = webPageSchema.safeParse(webPage);
        if (!checked.success) errors.push({ field: "webPage", message: checked.error.issues[0].message });
      }
      const country = parsed.success
        ? ((/^[A-Za-z]{2}$/.test(parsed.data.country)
            ? byCode.get(parsed.data.country.toUpperCase())
            : undefined) ?? byName.get(parsed.data.country.toLowerCase()))
        : undefined;
      if (parsed.success && !country) errors.push({ field: "country", message: INVALID_COUNTRY });
      const host = hostOf(webPage);
      if (!slug && !host && !errors.some((error) => error.field === "webPage")) {
        errors.push({ field: "slug", message: NO_UNIVERSITY_KEY });
      }
      if (errors.length > 0 || !parsed.success || !country) {
        report.reject(row, key, errors);
        continue;
      }

      let entry: UniversityEntry | undefined;
      if (slug) entry = bySlug.get(slug);
      else {
        const entries = byHost.get(host!) ?? [];
        if (entries.length > 1) {
          report.reject(row, key, [{ field: "webPage", message: sharedHost(host!) }]);
          continue;
        }
        entry = entries[0];
      }
      if (entry?.row != null) {
        report.reject(row, key, [{ field: slug ? "slug" : "webPage", message: duplicateRow(entry.row) }]);
        continue;
      }

      const input = parsed.data;
      const wanted = {
        name: input.name,
        countryId: country.id,
        webPage,
        description: input.description,
        ranking: input.ranking,
        rankingSource: input.rankingSource,
        rankingYear: input.rankingYear,
      };
      if (!entry) {
        const newSlug = slug || uniqueSlug(input.name, country.code, (candidate) => bySlug.has(candidate));
        remember({ stored: null, row }, newSlug, host);
        const data: Prisma.UniversityCreateManyInput = {
          slug: newSlug,
          editedAt: now,
          ...wanted,
          webPage: webPage ?? null,
        };
        creates.push(data);
        report.change(row, newSlug, "created");
        continue;
      }
      entry.row = row;
      const stored = entry.stored!;
      const changed: Partial<typeof wanted> = {};
      if (stored.name !== wanted.name) changed.name = wanted.name;
      if (stored.countryId !== wanted.countryId) changed.countryId = wanted.countryId;
      for (const field of OPTIONAL_UNIVERSITY_FIELDS) {
        if (source.columns.has(field) && stored[field] !== wanted[field]) {
          (changed as Record<string, unknown>)[field] = wanted[field];
        }
      }
      const fields = Object.keys(changed).map((field) => (field === "countryId" ? "country" : field));
      if (fields.length === 0) {
        report.count("unchanged");
      } else if (stored.archivedAt) {
        report.reject(row, key, [{ field: slug ? "slug" : "webPage", message: UNIVERSITY_IS_ARCHIVED }]);
      } else {
        report.change(row, stored.slug, "updated", fields);
        if (write) {
          await tx.university.update({
            where: { id: stored.id },
            // A form opened before the import is refused rather than undoing it.
            data: { ...changed, editedAt: now, version: { increment: 1 } },
            select: { id: true },
          });
        }
      }
    }
    if (write && creates.length > 0) await tx.university.createMany({ data: creates });
  }
}

// ---------------------------------------------------------------------------------------------
// Programs

interface NewProgram extends ProgramRequirements {
  universityId: number;
  name: string;
  degree: string;
  description: string;
  level: string;
  field: string;
  duration: number;
  /** "12000.00" */
  tuition: string;
  /** ISO 4217 code of the tuition. */
  currency: string;
  deadline: Date;
  timeZone: string;
  referencesRequired: number;
  /** Document type names, sorted. */
  requiredDocuments: string[];
  optionalDocuments: string[];
}

interface StoredProgram extends NewProgram {
  id: number;
  archivedAt: Date | null;
}

/**
 * Locks the universities a batch of programs is written to and reads their archive mark again: an
 * archive of one of them either waits for the import to commit (and archives its new programs too)
 * or has committed, and its rows are then rejected. FOR NO KEY UPDATE, not FOR SHARE: the programs
 * trigger updates their program figures, which a share lock held elsewhere too would deadlock.
 */
async function lockUniversities(tx: Tx, universities: { id: number; archivedAt: Date | null }[]) {
  if (universities.length === 0) return;
  const rows = await tx.$queryRaw<{ id: number; archivedAt: Date | null }[]>`
    SELECT "id", "archivedAt" FROM "universities" WHERE "id" = ANY(${[...new Set(universities.map((u) => u.id))]}::int[])
     ORDER BY "id" FOR NO KEY UPDATE`;
  const archivedAt = new Map(rows.map((row) => [row.id, row.archivedAt]));
  for (const university of universities) university.archivedAt = archivedAt.get(university.id) ?? null;
}

/** The stored programs with the given keys, in one query (a join on the keys, not 1,000 ORs). */
async function findPrograms(
  tx: Tx,
  keys: { university?: { id: number }; name: string; degree: string }[],
): Promise<StoredProgram[]> {
  if (keys.length === 0) return [];
  const rows = await tx.$queryRaw<(Omit<StoredProgram, "deadline"> & { deadlineMs: number })[]>`
    SELECT p."id", p."universityId", p."name", p."degree", p."description", p."level", p."field",
           p."duration", p."tuition"::text AS "tuition", p."currency", p."timeZone", p."archivedAt",
           p."referencesRequired",
           p."minGrade"::float8 AS "minGrade", p."minIelts"::float8 AS "minIelts", p."minToefl",
           p."minDuolingo", p."minCambridge", p."startTerms", p."tuitionHome"::text AS "tuitionHome",
           p."applicationFee"::text AS "applicationFee", p."visaSponsorship",
           (extract(epoch FROM p."deadline") * 1000)::float8 AS "deadlineMs",
           ARRAY(SELECT d."documentType" FROM "program_documents" d
                  WHERE d."programId" = p."id" AND d."required") AS "requiredDocuments",
           ARRAY(SELECT d."documentType" FROM "program_documents" d
                  WHERE d."programId" = p."id" AND NOT d."required") AS "optionalDocuments"
      FROM "programs" p
      JOIN (SELECT DISTINCT * FROM unnest(
              ${keys.map((k) => k.university!.id)}::int[],
              ${keys.map((k) => k.name)}::text[],
              ${keys.map((k) => k.degree)}::text[])) AS k("universityId", "name", "degree")
        ON p."universityId" = k."universityId" AND p."name" = k."name" AND p."degree" = k."degree"`;
  return rows.map(({ deadlineMs, requiredDocuments, optionalDocuments, ...row }) => ({
    ...row,
    deadline: new Date(deadlineMs),
    requiredDocuments: [...requiredDocuments].sort(),
    optionalDocuments: [...optionalDocuments].sort(),
  }));
}

/**
 * The document columns as the program schema reads them: a cell lists type names separated by
 * semicolons (an empty cell lists none, and asks for no references); a column the file lacks
 * stays undefined, so an existing program keeps what it asks for.
 */
function documentColumns(values: Record<string, unknown>) {
  const list = (cell: unknown) =>
    typeof cell === "string"
      ? cell
          .split(";")
          .map((name) => name.trim())
          .filter((name) => name !== "")
      : cell;
  const columns: Record<string, unknown> = {};
  if ("requiredDocuments" in values) columns.requiredDocuments = list(values.requiredDocuments);
  if ("optionalDocuments" in values) columns.optionalDocuments = list(values.optionalDocuments);
  if ("referencesRequired" in values)
    columns.referencesRequired = values.referencesRequired === "" ? 0 : values.referencesRequired;
  return columns;
}

/** The requirements a row sets: each column the file has, else the stored program's (none for a new one). */
function wantedRequirements(
  input: RequirementInput,
  current: StoredProgram | undefined,
): ProgramRequirements {
  const base = current ?? NO_REQUIREMENTS;
  return Object.fromEntries(
    REQUIREMENT_FIELDS.map((field) => [field, input[field] !== undefined ? input[field] : base[field]]),
  ) as unknown as ProgramRequirements;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

async function importPrograms(context: PassContext) {
  const { tx, write, now, report } = context;
  // One query at a time: a transaction's queries share one connection.
  const levelRows = await tx.studyLevel.findMany({
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: { name: true },
  });
  const fieldRows = await tx.studyField.findMany({
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: { name: true },
  });
  const typeRows = await tx.documentType.findMany({ select: { name: true } });
  const universities = await tx.university.findMany({
    select: { id: true, slug: true, archivedAt: true, country: { select: { code: true } } },
  });
  const options = {
    levels: levelRows.map((row) => row.name),
    fields: fieldRows.map((row) => row.name),
    documentTypes: typeRows.map((row) => row.name),
    now,
  };
  const schema = programSchema(options);
  const bySlug = new Map(universities.map((university) => [university.slug, university]));
  const byId = new Map(universities.map((university) => [university.id, university]));
  for (const old of await oldSlugs(tx)) {
    const university = byId.get(old.universityId);
    if (university && !bySlug.has(old.slug)) bySlug.set(old.slug, university);
  }
  /** Keys of this file's rows, with the row that has each. */
  const seen = new Map<string, number>();

  for await (const batch of batches(context)) {
    if (write) {
      const used = batch
        .map(({ values }) => bySlug.get(text(values.university)))
        .filter((u) => u !== undefined);
      await lockUniversities(tx, used);
    }
    const rows = batch.map(({ row, values }) => {
      const slug = text(values.university);
      const name = text(values.name);
      const degree = text(values.degree);
      const university = bySlug.get(slug);
      const errors: RowError[] = [];
      if (!slug) errors.push({ field: "university", message: "University is required" });
      else if (!university) errors.push({ field: "university", message: UNIVERSITY_NOT_FOUND });
      else if (university.archivedAt) errors.push({ field: "university", message: UNIVERSITY_IS_ARCHIVED });
      return { row, values, university, name, degree, errors, label: `${slug} / ${name} / ${degree}` };
    });

    // The stored programs with the batch's keys, in one query.
    const lookups = rows.filter((r) => r.university && r.name && r.degree);
    const stored = new Map<string, StoredProgram[]>();
    for (const program of await findPrograms(tx, lookups)) {
      const key = programKey(program.universityId, program.name, program.degree);
      stored.set(key, [...(stored.get(key) ?? []), program]);
    }

    const creates: NewProgram[] = [];
    const updates: (Omit<NewProgram, "universityId" | "name" | "degree"> & { id: number })[] = [];
    for (const r of rows) {
      const key = r.university ? programKey(r.university.id, r.name, r.degree) : "";
      const matches = stored.get(key) ?? [];
      const input = { ...r.values, ...documentColumns(r.values), universityId: r.university?.id ?? 1 };
      let parsed = schema.safeParse(input);
      // As in the edit form, a deadline that has passed may stay what it is.
      if (
        !parsed.success &&
        matches.length === 1 &&
        parsed.error.issues.every((issue) => issue.path[0] === "deadline" && issue.message === DEADLINE_PAST)
      ) {
        parsed = programSchema({ ...options, currentDeadline: matches[0].deadline }).safeParse(input);
      }
      const errors = [...r.errors];
      if (!parsed.success) {
        for (const error of errorsOf(parsed.error, { universityId: "university" })) {
          if (!errors.some((known) => known.field === error.field)) errors.push(error);
        }
      }
      if (errors.length > 0 || !parsed.success) {
        report.reject(r.row, r.label, errors);
        continue;
      }
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        report.reject(r.row, r.label, [{ field: "name", message: duplicateRow(earlier) }]);
        continue;
      }
      seen.set(key, r.row);
      if (matches.length > 1) {
        report.reject(r.row, r.label, [{ field: "name", message: SEVERAL_PROGRAMS }]);
        continue;
      }
      const program = parsed.data;
      const wanted = {
        description: program.description,
        level: program.level,
        field: program.field,
        duration: program.duration,
        tuition: program.tuition,
        // Empty: an existing program keeps its currency, a new one is in US dollars.
        currency: program.currency ?? matches[0]?.currency ?? DEFAULT_CURRENCY,
        deadline: program.deadline,
        // Empty: an existing program keeps its zone, a new one gets its country's (as the API).
        timeZone: program.timeZone ?? matches[0]?.timeZone ?? countryTimeZone(r.university?.country.code),
        // Without their columns, an existing program keeps what it asks for; a new one asks for none.
        referencesRequired: program.referencesRequired ?? matches[0]?.referencesRequired ?? 0,
        requiredDocuments: [...(program.requiredDocuments ?? matches[0]?.requiredDocuments ?? [])].sort(),
        optionalDocuments: [...(program.optionalDocuments ?? matches[0]?.optionalDocuments ?? [])].sort(),
        // Likewise each requirement: its column missing keeps it, an empty cell clears it.
        ...wantedRequirements(program, matches[0]),
      };
      const current = matches[0];
      if (!current) {
        creates.push({
          ...wanted,
          universityId: program.universityId,
          name: program.name,
          degree: program.degree,
        });
        report.change(r.row, r.label, "created");
        continue;
      }
      const fields = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((field) => {
        if (field === "tuition") return current.tuition !== wanted.tuition;
        if (field === "deadline") return current.deadline.getTime() !== wanted.deadline.getTime();
        if (field === "requiredDocuments" || field === "optionalDocuments" || field === "startTerms")
          return !sameList(current[field], wanted[field]);
        return current[field] !== wanted[field];
      });
      if (fields.length === 0) {
        report.count("unchanged");
      } else if (current.archivedAt) {
        report.reject(r.row, r.label, [{ field: "name", message: PROGRAM_IS_ARCHIVED }]);
      } else {
        report.change(r.row, r.label, "updated", fields);
        updates.push({ ...wanted, id: current.id });
      }
    }
    if (write && updates.length > 0) await updatePrograms(tx, updates);
    if (write && creates.length > 0) await insertPrograms(tx, creates);
  }
}

/** A batch of changed programs in one statement (every imported column is set). */
async function updatePrograms(
  tx: Tx,
  rows: (Omit<NewProgram, "universityId" | "name" | "degree"> & { id: number })[],
) {
  await tx.$executeRaw`
    UPDATE "programs" AS p
       SET "description" = v."description", "level" = v."level", "field" = v."field",
           "duration" = v."duration", "tuition" = v."tuition", "currency" = v."currency",
           "deadline" = v."deadline", "timeZone" = v."timeZone", "referencesRequired" = v."referencesRequired",
           "updatedAt" = now(), "minGrade" = v."minGrade", "minIelts" = v."minIelts", "minToefl" = v."minToefl",
           "minDuolingo" = v."minDuolingo", "minCambridge" = v."minCambridge",
           "startTerms" = string_to_array(v."startTerms", ';'), "tuitionHome" = v."tuitionHome",
           "applicationFee" = v."applicationFee", "visaSponsorship" = v."visaSponsorship",
           "version" = p."version" + 1
      FROM unnest(
        ${rows.map((p) => p.id)}::int[],
        ${rows.map((p) => p.description)}::text[],
        ${rows.map((p) => p.level)}::text[],
        ${rows.map((p) => p.field)}::text[],
        ${rows.map((p) => p.duration)}::int[],
        ${rows.map((p) => p.tuition)}::numeric[],
        ${rows.map((p) => p.currency)}::text[],
        ${rows.map((p) => p.deadline.toISOString().replace("Z", ""))}::timestamp(3)[],
        ${rows.map((p) => p.timeZone)}::text[],
        ${rows.map((p) => p.referencesRequired)}::int[],
        ${requirementArrays(rows)}
      ) AS v("id", "description", "level", "field", "duration", "tuition", "currency", "deadline",
             "timeZone", "referencesRequired", ${REQUIREMENT_ALIASES})
     WHERE p."id" = v."id"`;
  await writeProgramDocuments(tx, rows);
}

/** Replaces the documents the programs ask for with the rows' lists. */
async function writeProgramDocuments(
  tx: Tx,
  rows: { id: number; requiredDocuments: string[]; optionalDocuments: string[] }[],
) {
  await tx.$executeRaw`DELETE FROM "program_documents" WHERE "programId" = ANY(${rows.map((p) => p.id)}::int[])`;
  const documents = rows.flatMap((p) => [
    ...p.requiredDocuments.map((documentType) => ({ programId: p.id, documentType, required: true })),
    ...p.optionalDocuments.map((documentType) => ({ programId: p.id, documentType, required: false })),
  ]);
  if (documents.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "program_documents" ("programId", "documentType", "required")
    SELECT * FROM unnest(
      ${documents.map((d) => d.programId)}::int[],
      ${documents.map((d) => d.documentType)}::text[],
      ${documents.map((d) => d.required)}::boolean[]
    )`;
}

/** A batch of new programs in one statement: unnest() as the seed does, far quicker than createMany. */
async function insertPrograms(tx: Tx, rows: NewProgram[]) {
  const inserted = await tx.$queryRaw<{ id: number; universityId: number; name: string; degree: string }[]>`
    INSERT INTO "programs"
      ("universityId", "name", "description", "level", "field", "degree", "duration", "tuition", "currency",
       "deadline", "timeZone", "referencesRequired", ${REQUIREMENT_ALIASES}, "updatedAt")
    SELECT v."universityId", v."name", v."description", v."level", v."field", v."degree", v."duration",
           v."tuition", v."currency", v."deadline", v."timeZone", v."referencesRequired", ${REQUIREMENT_VALUES},
           now()
      FROM unnest(
      ${rows.map((p) => p.universityId)}::int[],
      ${rows.map((p) => p.name)}::text[],
      ${rows.map((p) => p.description)}::text[],
      ${rows.map((p) => p.level)}::text[],
      ${rows.map((p) => p.field)}::text[],
      ${rows.map((p) => p.degree)}::text[],
      ${rows.map((p) => p.duration)}::int[],
      ${rows.map((p) => p.tuition)}::numeric[],
      ${rows.map((p) => p.currency)}::text[],
      ${rows.map((p) => p.deadline.toISOString().replace("Z", ""))}::timestamp(3)[],
      ${rows.map((p) => p.timeZone)}::text[],
      ${rows.map((p) => p.referencesRequired)}::int[],
      ${requirementArrays(rows)}
    ) AS v("universityId", "name", "description", "level", "field", "degree", "duration", "tuition",
           "currency", "deadline", "timeZone", "referencesRequired", ${REQUIREMENT_ALIASES})
    RETURNING "id", "universityId", "name", "degree"`;
  const wanted = new Map(rows.map((p) => [programKey(p.universityId, p.name, p.degree), p]));
  const withDocuments = inserted
    .map((row) => ({ ...wanted.get(programKey(row.universityId, row.name, row.degree))!, id: row.id }))
    .filter((p) => p.requiredDocuments.length + p.optionalDocuments.length > 0);
  if (withDocuments.length > 0) await writeProgramDocuments(tx, withDocuments);
}
