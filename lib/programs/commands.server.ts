import "server-only";
import { deleteFiles, documentKeysOfPrograms } from "@/lib/documents/commands.server";
import { programsChanged } from "@/lib/cache/tags.server";
import { recordAudit, type AuditActor } from "@/lib/audit/record.server";
import { prisma } from "@/lib/db/client.server";
import { failedCheck, violatedForeignKey, violatedUniqueIndex } from "@/lib/db/errors.server";
import { countryTimeZone } from "@/lib/dates/country-zones";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, conflict, notFound, staleWrite } from "@/lib/http/errors";
import type { DeleteOutcome } from "@/lib/universities/commands.server";
import { listDocumentTypeNames, listStudyFields, listStudyLevels } from "@/lib/settings/queries.server";
import { changedSinceOpened } from "@/lib/validation/common";
import { requirementData } from "@/lib/fit/requirements";
import {
  PROGRAM_KEEPS_UNIVERSITY,
  programSchema,
  UNIVERSITY_NOT_FOUND,
  type ProgramInput,
} from "@/lib/validation/program";
import { programHasApplications, programSelect, toProgramDto, type ProgramDto } from "./queries.server";
import { LIVE_PROGRAM_UNDER_ARCHIVED, PROGRAM_KEY_INDEX, PROGRAM_KEY_TAKEN, RESTORE_KEY_TAKEN } from "./key";

// Writes of the admin's program management. Each is one statement or transaction, so a refused
// write changes nothing. A program students applied to is archived instead of deleted:
// the database refuses to delete it (applications ON DELETE RESTRICT); drafts go with it.

export const PROGRAM_NOT_FOUND = "Program not found";

function toData(input: ProgramInput) {
  return {
    name: input.name,
    description: input.description,
    universityId: input.universityId,
    level: input.level,
    field: input.field,
    degree: input.degree,
    duration: input.duration,
    tuition: new Prisma.Decimal(input.tuition),
    ...(input.currency ? { currency: input.currency } : {}),
    deadline: input.deadline,
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    ...(input.referencesRequired !== undefined ? { referencesRequired: input.referencesRequired } : {}),
    ...requirementData(input),
  };
}

/**
 * Writes the documents a program asks for, when the input names them (an edit that leaves both
 * lists out keeps them). A type deleted since the body was checked: its foreign key refuses it.
 */
async function writeDocumentTypes(tx: Tx, programId: number, input: ProgramInput) {
  if (input.requiredDocuments === undefined && input.optionalDocuments === undefined) return;
  await tx.programDocument.deleteMany({ where: { programId } });
  const rows = [
    ...(input.requiredDocuments ?? []).map((documentType) => ({ programId, documentType, required: true })),
    ...(input.optionalDocuments ?? []).map((documentType) => ({ programId, documentType, required: false })),
  ];
  if (rows.length > 0) await tx.programDocument.createMany({ data: rows });
}

/** A study level or field deleted after the body was checked against the lists. */
function goneFromList(list: "level" | "field", name: string) {
  const message = `"${name}" is no longer a study ${list}: choose another`;
  return badRequest(message, { [list]: [message] });
}

/**
 * The database's refusals as our answers: a live program with the same key is a 409; a missing
 * or archived university, study level or field (their foreign keys, the live-university trigger)
 * a 400 on that field; a missing program (P2025) a 404.
 */
function translate(error: unknown, input: ProgramInput): unknown {
  if (violatedUniqueIndex(error) === PROGRAM_KEY_INDEX.name) {
    return conflict(PROGRAM_KEY_TAKEN, { name: [PROGRAM_KEY_TAKEN] });
  }
  if (failedCheck(error, LIVE_PROGRAM_UNDER_ARCHIVED)) {
    return badRequest(UNIVERSITY_ARCHIVED, { universityId: [UNIVERSITY_ARCHIVED] });
  }
  const foreignKey = violatedForeignKey(error);
  if (foreignKey === "programs_level_fkey") return goneFromList("level", input.level);
  if (foreignKey === "programs_field_fkey") return goneFromList("field", input.field);
  if (foreignKey === "program_documents_documentType_fkey") {
    const message = "A document type was deleted meanwhile: choose the documents again";
    return badRequest(message, { requiredDocuments: [message] });
  }
  if (foreignKey !== null) {
    return badRequest(UNIVERSITY_NOT_FOUND, { universityId: [UNIVERSITY_NOT_FOUND] });
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
    return notFound(PROGRAM_NOT_FOUND);
  }
  return error;
}

export const UNIVERSITY_ARCHIVED =
  "This university is archived. Restore it first, or choose another university.";

type Tx = Prisma.TransactionClient;

/** A program as the audit log keeps it (before and after each change). */
async function snapshot(tx: Tx, id: number) {
  const row = await tx.program.findUnique({ where: { id }, select: { ...programSelect, archivedAt: true } });
  if (!row) return null;
  // The version is bookkeeping, not a change the admin made: the log leaves it out.
  const { id: _id, university, version: _version, ...program } = toProgramDto(row);
  return { ...program, university: university.name, archivedAt: row.archivedAt };
}

/**
 * Whether the university is archived, read FOR NO KEY UPDATE (see below); false when there is none.
 * Not FOR SHARE: the write's programs trigger then updates the university's program figures, and
 * two writes holding it shared would each wait for the other to let go (a deadlock).
 */
async function isUniversityArchived(tx: Tx, universityId: number): Promise<boolean> {
  const [university] = await tx.$queryRaw<{ archivedAt: Date | null }[]>`
    SELECT "archivedAt" FROM "universities" WHERE "id" = ${universityId} FOR NO KEY UPDATE`;
  return Boolean(university?.archivedAt);
}

/**
 * A live program never sits under an archived university: the program lists rely on it and check
 * only the program's own mark (queries.ts). The university is locked in the write's transaction,
 * so an archive of it (which locks it FOR UPDATE) waits for this write to commit and then
 * archives the program too, or this write waits for the archive and is refused. A trigger refuses
 * the write in any case (programs_live_university_check).
 */
async function assertUniversityTakesPrograms(tx: Tx, universityId: number) {
  if (await isUniversityArchived(tx, universityId))
    throw badRequest(UNIVERSITY_ARCHIVED, { universityId: [UNIVERSITY_ARCHIVED] });
}

/**
 * The zone of a new program given none: its university's country's where the country keeps one
 * clock, otherwise UTC (lib/dates/country-zones.ts says why).
 */
async function defaultTimeZone(tx: Tx, universityId: number): Promise<string> {
  const university = await tx.university.findUnique({
    where: { id: universityId },
    select: { country: { select: { code: true } } },
  });
  return countryTimeZone(university?.country.code);
}

export async function createProgram(actor: AuditActor, input: ProgramInput): Promise<ProgramDto> {
  try {
    const program = await prisma.$transaction(async (tx) => {
      await assertUniversityTakesPrograms(tx, input.universityId);
      const timeZone = input.timeZone ?? (await defaultTimeZone(tx, input.universityId));
      const created = await tx.program.create({ data: { ...toData(input), timeZone }, select: { id: true } });
      await writeDocumentTypes(tx, created.id, input);
      const row = await tx.program.findUniqueOrThrow({ where: { id: created.id }, select: programSelect });
      await recordAudit(tx, actor, {
        action: "program.create",
        entityType: "program",
        entityId: row.id,
        summary: `${row.name} at ${row.university.name}`,
        after: await snapshot(tx, row.id),
      });
      return toProgramDto(row);
    });
    await programsChanged([program.universityId]);
    return program;
  } catch (error) {
    throw translate(error, input);
  }
}

export const PROGRAM_CHANGED = changedSinceOpened("program");

/**
 * Replaces a program's fields. With `input.version` the write is conditional on it: 409 when the
 * program changed since that version (nothing written, no audit entry). A program with
 * applications or drafts keeps its university (409).
 */
export async function updateProgram(actor: AuditActor, id: number, input: ProgramInput): Promise<ProgramDto> {
  try {
    const { program, movedFrom } = await prisma.$transaction(async (tx) => {
      const before = await snapshot(tx, id);
      if (!before) throw notFound(PROGRAM_NOT_FOUND);
      // The row locked before its version is read: edits at the same moment go one after the
      // other, so an edit that names no version is never refused for another's, and one that
      // names its version is refused (409) only when the program really changed since. An
      // application or draft being saved waits too (its foreign key check needs the row), so the
      // count below stays true until a move commits.
      const [{ version }] = await tx.$queryRaw<{ version: number }[]>`
        SELECT "version" FROM "programs" WHERE "id" = ${id} FOR UPDATE`;
      if (input.version !== undefined && input.version !== version) throw staleWrite(PROGRAM_CHANGED);
      if (input.universityId !== before.universityId) {
        if (await programHasApplications(id, tx))
          throw conflict(PROGRAM_KEEPS_UNIVERSITY, { universityId: [PROGRAM_KEEPS_UNIVERSITY] });
      }
      if (!before.archivedAt) await assertUniversityTakesPrograms(tx, input.universityId);
      // Conditional on the version read above (a safeguard: the lock keeps it current).
      const { count } = await tx.program.updateMany({
        where: { id, version },
        data: { ...toData(input), version: { increment: 1 } },
      });
      if (count === 0) throw staleWrite(PROGRAM_CHANGED);
      await writeDocumentTypes(tx, id, input);
      const row = await tx.program.findUniqueOrThrow({ where: { id }, select: programSelect });
      await recordAudit(tx, actor, {
        action: "program.update",
        entityType: "program",
        entityId: id,
        summary: `${row.name} at ${row.university.name}`,
        before,
        after: await snapshot(tx, id),
      });
      return { program: toProgramDto(row), movedFrom: before.universityId };
    });
    // A program moved to another university leaves the first one's page too.
    await programsChanged([movedFrom, program.universityId]);
    return program;
  } catch (error) {
    throw translate(error, input);
  }
}

export const PROGRAM_APPLICATIONS_ADDED =
  "Someone applied to this program while it was being deleted. Try again: it will be archived.";
export const RESTORE_UNIVERSITY_FIRST =
  "This program's university is archived. Restore the university first, then the program.";

/**
 * Deletes a program nobody applied to (with its drafts); one with applications is archived
 * instead, its applications and their history kept. 404 when there is no such program.
 */
export async function deleteProgram(actor: AuditActor, id: number): Promise<DeleteOutcome> {
  let documentKeys: string[] = [];
  try {
    const { universityId, ...outcome } = await prisma.$transaction(async (tx) => {
      // Locks the row: an application being submitted waits for this transaction (its foreign key
      // check needs the row), and the count below stays true until it ends.
      const [current] = await tx.$queryRaw<{ id: number }[]>`
        SELECT "id" FROM "programs" WHERE "id" = ${id} FOR UPDATE`;
      if (!current) throw notFound(PROGRAM_NOT_FOUND);
      const before = (await snapshot(tx, id))!;
      const summary = `${before.name} at ${before.university}`;
      const applicationsKept = await tx.application.count({ where: { programId: id } });
      if (applicationsKept > 0) {
        await tx.program.updateMany({ where: { id, archivedAt: null }, data: { archivedAt: new Date() } });
        await recordAudit(tx, actor, {
          action: "program.archive",
          entityType: "program",
          entityId: id,
          summary,
          before,
          after: { ...(await snapshot(tx, id)), applicationsKept },
        });
        return { universityId: before.universityId, archived: true as const, applicationsKept };
      }
      // Its drafts' documents go with it: their files are deleted once this commits.
      documentKeys = await documentKeysOfPrograms(tx, { id });
      await tx.program.delete({ where: { id }, select: { id: true } });
      await recordAudit(tx, actor, {
        action: "program.delete",
        entityType: "program",
        entityId: id,
        summary,
        before,
      });
      return { universityId: before.universityId, archived: false as const };
    });
    await deleteFiles(documentKeys);
    await programsChanged([universityId]);
    return outcome;
  } catch (error) {
    if (violatedForeignKey(error) === "applications_programId_fkey")
      throw conflict(PROGRAM_APPLICATIONS_ADDED);
    throw error;
  }
}

/** Brings an archived program back; 409 while its university is archived, 404 for none. */
export async function restoreProgram(actor: AuditActor, id: number): Promise<ProgramDto> {
  const program = await prisma
    .$transaction(async (tx) => {
      const current = await tx.program.findUnique({ where: { id }, select: { universityId: true } });
      if (!current) throw notFound(PROGRAM_NOT_FOUND);
      // An archive of the university waits for this restore, or this waits for it and refuses.
      if (await isUniversityArchived(tx, current.universityId)) throw conflict(RESTORE_UNIVERSITY_FIRST);
      const before = (await snapshot(tx, id))!;
      const row = await tx.program.update({
        where: { id },
        data: { archivedAt: null },
        select: programSelect,
      });
      if (before.archivedAt) {
        await recordAudit(tx, actor, {
          action: "program.restore",
          entityType: "program",
          entityId: id,
          summary: `${row.name} at ${row.university.name}`,
          before,
          after: await snapshot(tx, id),
        });
      }
      return toProgramDto(row);
    })
    .catch((error: unknown) => {
      // A live program took this one's key while it was archived.
      if (violatedUniqueIndex(error) === PROGRAM_KEY_INDEX.name) throw conflict(RESTORE_KEY_TAKEN);
      throw error;
    });
  await programsChanged([program.universityId]);
  return program;
}

/** The deadline a program has now (for the schema's "keep a passed deadline" rule), or null. */
export async function currentDeadlineOf(id: number): Promise<Date | null> {
  const row = await prisma.program.findUnique({ where: { id }, select: { deadline: true } });
  return row?.deadline ?? null;
}

/** The schema a program's PATCH body is checked with (its current deadline may stay); 404 if none. */
export async function loadProgramUpdateSchema(id: number) {
  const currentDeadline = await currentDeadlineOf(id);
  if (!currentDeadline) throw notFound(PROGRAM_NOT_FOUND);
  return loadProgramSchema({ currentDeadline });
}

/**
 * The program schema with the study levels and fields of the database, as the route handlers
 * check bodies (the form gets the same lists as props).
 */
export async function loadProgramSchema(options: { currentDeadline?: Date | null } = {}) {
  const [levels, fields, documentTypes] = await Promise.all([
    listStudyLevels(),
    listStudyFields(),
    listDocumentTypeNames(),
  ]);
  return programSchema({ levels, fields, documentTypes, currentDeadline: options.currentDeadline });
}
