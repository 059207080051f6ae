import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/http/errors";
import { PLATFORM_NAME_KEY, studyListSql, type StudyItem, type StudyList } from "./queries";

// Writes of /admin/settings (issue 6): the platform name and the study level / field lists.
// Callers check that the viewer is a super admin.

/** Saves the platform name (already validated: trimmed, 1 to 60 characters). */
export async function setPlatformName(name: string): Promise<string> {
  const row = await prisma.setting.upsert({
    where: { key: PLATFORM_NAME_KEY },
    create: { key: PLATFORM_NAME_KEY, value: name },
    update: { value: name },
  });
  return row.value;
}

const NOUN: Record<StudyList, string> = { level: "study level", field: "study field" };

function capitalise(text: string) {
  return text[0].toUpperCase() + text.slice(1);
}

/** Adds a value at the end of the list; 409 if the list has it already (in any letter case). */
export async function addStudyItem(list: StudyList, name: string): Promise<StudyItem> {
  const delegate = list === "level" ? prisma.studyLevel : prisma.studyField;
  const message = `${capitalise(NOUN[list])} "${name}" already exists.`;
  const existing = await (delegate as typeof prisma.studyLevel).findFirst({
    where: { name: { equals: name, mode: "insensitive" } },
    select: { id: true },
  });
  if (existing) throw conflict(message, { name: [message] });
  const last = await (delegate as typeof prisma.studyLevel).aggregate({ _max: { position: true } });
  try {
    const row = await (delegate as typeof prisma.studyLevel).create({
      data: { name, position: (last._max.position ?? -1) + 1 },
    });
    return { ...row, programs: 0 };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict(message, { name: [message] });
    }
    throw error;
  }
}

/**
 * Deletes a value that no program uses; 409 saying how many programs use it otherwise. Programs
 * store the name, not a key, so the database cannot enforce this: the count and the delete run in
 * one transaction with the value's row locked (two deletes of one value queue up).
 */
export async function deleteStudyItem(list: StudyList, id: number): Promise<void> {
  const { table, column } = studyListSql(list);
  await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ name: string }[]>`
      SELECT "name" FROM ${table} WHERE "id" = ${id} FOR UPDATE`;
    const item = rows[0];
    if (!item) throw notFound(`${capitalise(NOUN[list])} not found`);
    const [{ count }] = await tx.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS "count" FROM "programs" WHERE ${column} = ${item.name}`;
    if (count > 0) {
      throw conflict(
        `"${item.name}" cannot be deleted: ${count} ${count === 1 ? "program uses" : "programs use"} it. ` +
          `Change ${count === 1 ? "that program" : "those programs"} first.`,
      );
    }
    await tx.$executeRaw`DELETE FROM ${table} WHERE "id" = ${id}`;
  });
}
