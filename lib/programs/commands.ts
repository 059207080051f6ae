import "server-only";
import { prisma } from "@/lib/db/client";
import { violatedForeignKey } from "@/lib/db/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { badRequest, notFound } from "@/lib/http/errors";
import { listStudyFields, listStudyLevels } from "@/lib/settings/queries";
import { programSchema, UNIVERSITY_NOT_FOUND, type ProgramInput } from "@/lib/validation/program";
import { programSelect, toProgramDto, type ProgramDto } from "./queries";

// Writes of the admin's program management. Each is one statement, so a refused write changes
// nothing; deleting a program takes its applications and drafts with it (ON DELETE CASCADE).

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
    deadline: input.deadline,
  };
}

/** A study level or field deleted after the body was checked against the lists. */
function goneFromList(list: "level" | "field", name: string) {
  const message = `"${name}" is no longer a study ${list}: choose another`;
  return badRequest(message, { [list]: [message] });
}

/**
 * The database's refusals as our answers: a missing university, study level or field (their
 * foreign keys) is a 400 on that field; a missing program (P2025) a 404.
 */
function translate(error: unknown, input: ProgramInput): unknown {
  const foreignKey = violatedForeignKey(error);
  if (foreignKey === "programs_level_fkey") return goneFromList("level", input.level);
  if (foreignKey === "programs_field_fkey") return goneFromList("field", input.field);
  if (foreignKey !== null) {
    return badRequest(UNIVERSITY_NOT_FOUND, { universityId: [UNIVERSITY_NOT_FOUND] });
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
    return notFound(PROGRAM_NOT_FOUND);
  }
  return error;
}

export async function createProgram(input: ProgramInput): Promise<ProgramDto> {
  try {
    const row = await prisma.program.create({ data: toData(input), select: programSelect });
    return toProgramDto(row);
  } catch (error) {
    throw translate(error, input);
  }
}

export async function updateProgram(id: number, input: ProgramInput): Promise<ProgramDto> {
  try {
    const row = await prisma.program.update({ where: { id }, data: toData(input), select: programSelect });
    return toProgramDto(row);
  } catch (error) {
    throw translate(error, input);
  }
}

/** Deletes a program with its applications; 404 when there is no such program. */
export async function deleteProgram(id: number): Promise<void> {
  try {
    await prisma.program.delete({ where: { id }, select: { id: true } });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
      throw notFound(PROGRAM_NOT_FOUND);
    }
    throw error;
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
