import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, notFound } from "@/lib/http/errors";
import { listStudyFields, listStudyLevels, studyListSql } from "@/lib/settings/queries";
import { programSchema, UNIVERSITY_NOT_FOUND, type ProgramInput } from "@/lib/validation/program";
import { programSelect, toProgramDto, type ProgramDto } from "./queries";

// Writes of the admin's program management. Each is one statement, so a refused write changes
// nothing; deleting a program takes its applications and drafts with it (ON DELETE CASCADE).

export const PROGRAM_NOT_FOUND = "Program not found";

function toData(input: ProgramInput) {
  return {
    name: input.name,
    description: input.description,
    level: input.level,
    field: input.field,
    degree: input.degree,
    duration: input.duration,
    tuition: new Prisma.Decimal(input.tuition),
    deadline: input.deadline,
    university: { connect: { id: input.universityId } },
  };
}

/** Prisma's "no such row" errors as our 400 (the university) or 404 (the program). */
function translate(error: unknown): unknown {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    // P2003: the foreign key; P2025: a connected (university) or updated/deleted (program) row missing.
    if (error.code === "P2003" || (error.code === "P2025" && /universit/i.test(error.message))) {
      return badRequest(UNIVERSITY_NOT_FOUND, { universityId: [UNIVERSITY_NOT_FOUND] });
    }
    if (error.code === "P2025") return notFound(PROGRAM_NOT_FOUND);
  }
  return error;
}

async function assertUniversityExists(id: number, tx: Prisma.TransactionClient) {
  const university = await tx.university.findUnique({ where: { id }, select: { id: true } });
  if (!university) throw badRequest(UNIVERSITY_NOT_FOUND, { universityId: [UNIVERSITY_NOT_FOUND] });
}

/**
 * Holds the program's study level and field in their lists until the write commits. Deleting a
 * value locks its row and then counts the programs using it (lib/settings/commands.ts), so a
 * program saved meanwhile either waits for the delete and is refused, or is counted by it.
 */
async function lockStudyValues(input: ProgramInput, tx: Prisma.TransactionClient) {
  const fieldErrors: Record<string, string[]> = {};
  for (const list of ["level", "field"] as const) {
    const { table } = studyListSql(list);
    const rows = await tx.$queryRaw<unknown[]>`
      SELECT 1 FROM ${table} WHERE "name" = ${input[list]} FOR SHARE`;
    if (rows.length === 0) {
      fieldErrors[list] = [`"${input[list]}" is no longer a study ${list}: choose another`];
    }
  }
  const [first] = Object.values(fieldErrors);
  if (first) throw badRequest(first[0], fieldErrors);
}

export async function createProgram(input: ProgramInput): Promise<ProgramDto> {
  try {
    return await prisma.$transaction(async (tx) => {
      await assertUniversityExists(input.universityId, tx);
      await lockStudyValues(input, tx);
      const row = await tx.program.create({ data: toData(input), select: programSelect });
      return toProgramDto(row);
    });
  } catch (error) {
    throw translate(error);
  }
}

export async function updateProgram(id: number, input: ProgramInput): Promise<ProgramDto> {
  try {
    return await prisma.$transaction(async (tx) => {
      const existing = await tx.program.findUnique({ where: { id }, select: { id: true } });
      if (!existing) throw notFound(PROGRAM_NOT_FOUND);
      await assertUniversityExists(input.universityId, tx);
      await lockStudyValues(input, tx);
      const row = await tx.program.update({ where: { id }, data: toData(input), select: programSelect });
      return toProgramDto(row);
    });
  } catch (error) {
    throw translate(error);
  }
}

/** Deletes a program with its applications; 404 when there is no such program. */
export async function deleteProgram(id: number): Promise<void> {
  try {
    await prisma.program.delete({ where: { id }, select: { id: true } });
  } catch (error) {
    throw translate(error);
  }
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
  const [levels, fields] = await Promise.all([listStudyLevels(), listStudyFields()]);
  return programSchema({ levels, fields, currentDeadline: options.currentDeadline });
}
