import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/record.server";
import { scholarshipsChanged } from "@/lib/cache/tags.server";
import { countryTimeZone } from "@/lib/dates/country-zones";
import { prisma } from "@/lib/db/client.server";
import { violatedForeignKey, violatedUniqueIndex } from "@/lib/db/errors.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, notFound, staleWrite } from "@/lib/http/errors";
import { listStudyFields, listStudyLevels } from "@/lib/settings/queries.server";
import { changedSinceOpened } from "@/lib/validation/common";
import {
  OWNER_INVALID,
  PROGRAM_INVALID,
  scholarshipSchema,
  type ScholarshipInput,
} from "@/lib/validation/scholarship";
import { RESTORE_SCHOLARSHIP_KEY_TAKEN, SCHOLARSHIP_KEY_INDEX, SCHOLARSHIP_KEY_TAKEN } from "./key";
import { scholarshipSelect, toScholarshipDto, type ScholarshipDto } from "./queries.server";

// Writes of the admin's scholarship management, each one transaction with its audit entry, so a
// refused write changes nothing. A scholarship students saved to their shortlist is archived
// instead of deleted: they keep it, marked no longer offered, and its reminders stop.

export const SCHOLARSHIP_NOT_FOUND = "Scholarship not found";
export const SCHOLARSHIP_CHANGED = changedSinceOpened("scholarship");
export const PROGRAM_OF_OTHER_UNIVERSITY = "This program is not one of the chosen university's: choose again";
export const OWNER_ARCHIVED = "This university or program is archived. Restore it first, or choose another.";
export const LIST_ENTRY_GONE = "A study level or field was deleted meanwhile: choose them again";
export const RESTORE_OWNER_FIRST =
  "This scholarship's university or program is archived. Restore that first, then the scholarship.";

type Tx = Prisma.TransactionClient;

/** What a scholarship belongs to, as stored, and the university whose page lists it. */
interface Owner {
  universityId: number | null;
  programId: number | null;
  /** The university whose page shows it (its own or its program's); null for none. */
  pageUniversityId: number | null;
  /** Its country, for the default time zone. */
  countryCode: string | null;
}

/**
 * The owner a write names, read FOR SHARE: an archive of it (which locks it FOR UPDATE) waits for
 * this write, or this write waits for the archive and sees it. A program is stored alone (its
 * university follows from it, even after a move); one of another university than the input's is
 * refused, as is an unknown or archived owner.
 */
async function resolveOwner(tx: Tx, input: ScholarshipInput): Promise<Owner> {
  if (input.programId !== null) {
    const [program] = await tx.$queryRaw<
      { universityId: number; archivedAt: Date | null; code: string }[]
    >`SELECT p."universityId", p."archivedAt", c."code" FROM "programs" p
        JOIN "universities" u ON u."id" = p."universityId" JOIN "countries" c ON c."id" = u."countryId"
       WHERE p."id" = ${input.programId} FOR SHARE OF p`;
    if (!program) throw badRequest(PROGRAM_INVALID, { programId: [PROGRAM_INVALID] });
    if (input.universityId !== null && input.universityId !== program.universityId)
      throw badRequest(PROGRAM_OF_OTHER_UNIVERSITY, { programId: [PROGRAM_OF_OTHER_UNIVERSITY] });
    if (program.archivedAt) throw badRequest(OWNER_ARCHIVED, { programId: [OWNER_ARCHIVED] });
    return {
      universityId: null,
      programId: input.programId,
      pageUniversityId: program.universityId,
      countryCode: program.code,
    };
  }
  if (input.universityId !== null) {
    const [university] = await tx.$queryRaw<{ archivedAt: Date | null; code: string }[]>`
      SELECT u."archivedAt", c."code" FROM "universities" u JOIN "countries" c ON c."id" = u."countryId"
       WHERE u."id" = ${input.universityId} FOR SHARE OF u`;
    if (!university) throw badRequest(OWNER_INVALID, { universityId: [OWNER_INVALID] });
    if (university.archivedAt) throw badRequest(OWNER_ARCHIVED, { universityId: [OWNER_ARCHIVED] });
    return {
      universityId: input.universityId,
      programId: null,
      pageUniversityId: input.universityId,
      countryCode: university.code,
    };
  }
  return { universityId: null, programId: null, pageUniversityId: null, countryCode: input.studyCountry };
}

function toData(input: ScholarshipInput, owner: Owner) {
  return {
    name: input.name,
    provider: input.provider,
    description: input.description,
    amountMin: input.amountMin === null ? null : new Prisma.Decimal(input.amountMin),
    amountMax: input.amountMax === null ? null : new Prisma.Decimal(input.amountMax),
    currency: input.currency,
    amountNote: input.amountNote,
    nationalities: input.nationalities,
    minGrade: input.minGrade === null ? null : new Prisma.Decimal(input.minGrade),
    deadline: input.deadline,
    officialUrl: input.officialUrl,
    universityId: owner.universityId,
    programId: owner.programId,
    studyCountry: input.studyCountry,
  };
}

/** Replaces the levels and fields a scholarship is for. */
async function writeLists(tx: Tx, scholarshipId: number, input: ScholarshipInput) {
  await tx.scholarshipLevel.deleteMany({ where: { scholarshipId } });
  await tx.scholarshipField.deleteMany({ where: { scholarshipId } });
  if (input.levels.length > 0)
    await tx.scholarshipLevel.createMany({ data: input.levels.map((level) => ({ scholarshipId, level })) });
  if (input.fields.length > 0)
    await tx.scholarshipField.createMany({ data: input.fields.map((field) => ({ scholarshipId, field })) });
}

/** A scholarship as the audit log keeps it (before and after each change). */
async function snapshot(tx: Tx, id: number) {
  const row = await tx.scholarship.findUnique({ where: { id }, select: { ...scholarshipSelect } });
  if (!row) return null;
  // Bookkeeping, not a change the admin made: the log leaves them out.
  const {
    id: _id,
    version: _version,
    updatedAt: _updatedAt,
    university,
    program,
    ...rest
  } = toScholarshipDto(row);
  return {
    ...rest,
    university: university?.name ?? null,
    program: program ? `${program.name} (${program.degree})` : null,
    archivedAt: row.archivedAt,
  };
}

/** The database's refusals as our answers. */
function translate(error: unknown): unknown {
  if (violatedUniqueIndex(error) === SCHOLARSHIP_KEY_INDEX.name)
    return conflict(SCHOLARSHIP_KEY_TAKEN, { name: [SCHOLARSHIP_KEY_TAKEN] });
  const foreignKey = violatedForeignKey(error);
  if (foreignKey === "scholarship_levels_level_fkey")
    return badRequest(LIST_ENTRY_GONE, { levels: [LIST_ENTRY_GONE] });
  if (foreignKey === "scholarship_fields_field_fkey")
    return badRequest(LIST_ENTRY_GONE, { fields: [LIST_ENTRY_GONE] });
  if (foreignKey === "scholarships_programId_fkey")
    return badRequest(PROGRAM_INVALID, { programId: [PROGRAM_INVALID] });
  if (foreignKey === "scholarships_universityId_fkey")
    return badRequest(OWNER_INVALID, { universityId: [OWNER_INVALID] });
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025")
    return notFound(SCHOLARSHIP_NOT_FOUND);
  return error;
}

const summaryOf = (row: { name: string; provider: string }) => `${row.name} (${row.provider})`;

/** The university whose page lists a stored scholarship (its own, or its program's). */
async function pageUniversityOf(tx: Tx, id: number): Promise<number | null> {
  const row = await tx.scholarship.findUnique({
    where: { id },
    select: { universityId: true, program: { select: { universityId: true } } },
  });
  return row?.universityId ?? row?.program?.universityId ?? null;
}

const pagesOf = (...ids: (number | null)[]) => ids.filter((id): id is number => id !== null);

export async function createScholarship(actor: AuditActor, input: ScholarshipInput): Promise<ScholarshipDto> {
  try {
    const { scholarship, page } = await prisma.$transaction(async (tx) => {
      const owner = await resolveOwner(tx, input);
      const created = await tx.scholarship.create({
        data: { ...toData(input, owner), timeZone: input.timeZone ?? countryTimeZone(owner.countryCode) },
        select: { id: true },
      });
      await writeLists(tx, created.id, input);
      const row = await tx.scholarship.findUniqueOrThrow({
        where: { id: created.id },
        select: scholarshipSelect,
      });
      await recordAudit(tx, actor, {
        action: "scholarship.create",
        entityType: "scholarship",
        entityId: row.id,
        summary: summaryOf(row),
        after: await snapshot(tx, row.id),
      });
      return { scholarship: toScholarshipDto(row), page: owner.pageUniversityId };
    });
    await scholarshipsChanged(pagesOf(page));
    return scholarship;
  } catch (error) {
    throw translate(error);
  }
}

/**
 * Replaces a scholarship's fields. With `input.version` the write is conditional on it: 409 when the
 * scholarship changed since (nothing written, no audit entry).
 */
export async function updateScholarship(
  actor: AuditActor,
  id: number,
  input: ScholarshipInput,
): Promise<ScholarshipDto> {
  try {
    const { scholarship, pages } = await prisma.$transaction(async (tx) => {
      // Locked before its version is read: edits at the same moment go one after the other.
      const [current] = await tx.$queryRaw<{ version: number; timeZone: string }[]>`
        SELECT "version", "timeZone" FROM "scholarships" WHERE "id" = ${id} FOR UPDATE`;
      if (!current) throw notFound(SCHOLARSHIP_NOT_FOUND);
      if (input.version !== undefined && input.version !== current.version)
        throw staleWrite(SCHOLARSHIP_CHANGED);
      const before = await snapshot(tx, id);
      const beforePage = await pageUniversityOf(tx, id);
      const owner = await resolveOwner(tx, input);
      await tx.scholarship.update({
        where: { id },
        data: {
          ...toData(input, owner),
          timeZone: input.timeZone ?? current.timeZone,
          version: { increment: 1 },
        },
        select: { id: true },
      });
      await writeLists(tx, id, input);
      const row = await tx.scholarship.findUniqueOrThrow({ where: { id }, select: scholarshipSelect });
      await recordAudit(tx, actor, {
        action: "scholarship.update",
        entityType: "scholarship",
        entityId: id,
        summary: summaryOf(row),
        before,
        after: await snapshot(tx, id),
      });
      return { scholarship: toScholarshipDto(row), pages: pagesOf(beforePage, owner.pageUniversityId) };
    });
    // One moved to another university leaves the first one's page too.
    await scholarshipsChanged(pages);
    return scholarship;
  } catch (error) {
    throw translate(error);
  }
}

/** What DELETE did: erased the scholarship, or archived it because students had saved it. */
export type ScholarshipDeleteOutcome = { archived: false } | { archived: true; shortlistsKept: number };

/**
 * Deletes a scholarship nobody saved; one on students' shortlists is archived instead (they keep it,
 * marked no longer offered). The row is locked first: a save to a shortlist at the same moment
 * waits (its foreign key check needs the row), so the count stays true until this commits.
 */
export async function deleteScholarship(actor: AuditActor, id: number): Promise<ScholarshipDeleteOutcome> {
  const { page, outcome } = await prisma.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "scholarships" WHERE "id" = ${id} FOR UPDATE`;
    if (!current) throw notFound(SCHOLARSHIP_NOT_FOUND);
    const before = (await snapshot(tx, id))!;
    const page = await pageUniversityOf(tx, id);
    const summary = `${before.name} (${before.provider})`;
    const shortlistsKept = await tx.shortlistScholarship.count({ where: { scholarshipId: id } });
    if (shortlistsKept > 0) {
      await tx.scholarship.updateMany({ where: { id, archivedAt: null }, data: { archivedAt: new Date() } });
      await recordAudit(tx, actor, {
        action: "scholarship.archive",
        entityType: "scholarship",
        entityId: id,
        summary,
        before,
        after: { ...(await snapshot(tx, id)), shortlistsKept },
      });
      return { page, outcome: { archived: true as const, shortlistsKept } };
    }
    await tx.scholarship.delete({ where: { id }, select: { id: true } });
    await recordAudit(tx, actor, {
      action: "scholarship.delete",
      entityType: "scholarship",
      entityId: id,
      summary,
      before,
    });
    return { page, outcome: { archived: false as const } };
  });
  await scholarshipsChanged(pagesOf(page));
  return outcome;
}

/** Brings an archived scholarship back; 409 while its university or program is archived, 404 for none. */
export async function restoreScholarship(actor: AuditActor, id: number): Promise<ScholarshipDto> {
  try {
    const { scholarship, page } = await prisma.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<{ ownerArchived: boolean }[]>`
        SELECT (u."archivedAt" IS NOT NULL OR p."archivedAt" IS NOT NULL) AS "ownerArchived"
          FROM "scholarships" s
          LEFT JOIN "universities" u ON u."id" = s."universityId"
          LEFT JOIN "programs" p ON p."id" = s."programId"
         WHERE s."id" = ${id} FOR UPDATE OF s`;
      if (!current) throw notFound(SCHOLARSHIP_NOT_FOUND);
      if (current.ownerArchived) throw conflict(RESTORE_OWNER_FIRST);
      const before = (await snapshot(tx, id))!;
      const row = await tx.scholarship.update({
        where: { id },
        data: { archivedAt: null },
        select: scholarshipSelect,
      });
      if (before.archivedAt) {
        await recordAudit(tx, actor, {
          action: "scholarship.restore",
          entityType: "scholarship",
          entityId: id,
          summary: summaryOf(row),
          before,
          after: await snapshot(tx, id),
        });
      }
      return { scholarship: toScholarshipDto(row), page: await pageUniversityOf(tx, id) };
    });
    await scholarshipsChanged(pagesOf(page));
    return scholarship;
  } catch (error) {
    // A live scholarship took this one's key while it was archived.
    if (violatedUniqueIndex(error) === SCHOLARSHIP_KEY_INDEX.name)
      throw conflict(RESTORE_SCHOLARSHIP_KEY_TAKEN);
    throw error;
  }
}

/** The deadline a scholarship has now (the schema's "keep a passed deadline" rule); 404 for none. */
async function currentDeadlineOf(id: number): Promise<Date | null> {
  const row = await prisma.scholarship.findUnique({ where: { id }, select: { deadline: true } });
  if (!row) throw notFound(SCHOLARSHIP_NOT_FOUND);
  return row.deadline;
}

/** The scholarship schema with the database's study lists, as the route handlers check bodies. */
export async function loadScholarshipSchema(options: { currentDeadline?: Date | null } = {}) {
  const [levels, fields] = await Promise.all([listStudyLevels(), listStudyFields()]);
  return scholarshipSchema({ levels, fields, currentDeadline: options.currentDeadline });
}

/** The schema a scholarship's PATCH body is checked with (its current deadline may stay); 404 if none. */
export async function loadScholarshipUpdateSchema(id: number) {
  return loadScholarshipSchema({ currentDeadline: await currentDeadlineOf(id) });
}
