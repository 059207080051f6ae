import { cache } from "react";
import { prisma } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_PLATFORM_NAME, PLATFORM_NAME_KEY } from "./constants";

export { DEFAULT_PLATFORM_NAME, PLATFORM_NAME_KEY };

// Reads of the settings that /admin/settings edits. Cached per request: the header, footer and
// page titles all ask for the platform name while one page renders.

export const getPlatformName = cache(async (): Promise<string> => {
  const row = await prisma.setting.findUnique({ where: { key: PLATFORM_NAME_KEY } });
  return row?.value || DEFAULT_PLATFORM_NAME;
});

/** Study levels in display order (the program form, the program filters). */
export const listStudyLevels = cache(async (): Promise<string[]> => {
  const rows = await prisma.studyLevel.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }] });
  return rows.map((row) => row.name);
});

/** Study fields in display order (the program form). */
export const listStudyFields = cache(async (): Promise<string[]> => {
  const rows = await prisma.studyField.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }] });
  return rows.map((row) => row.name);
});

export type StudyList = "level" | "field";

export interface StudyItem {
  id: number;
  name: string;
  position: number;
  /** How many programs use it (programs store the name). */
  programs: number;
}

/** A list's table, and the programs column that stores its values by name. */
export function studyListSql(list: StudyList) {
  return list === "level"
    ? { table: Prisma.raw(`"study_levels"`), column: Prisma.raw(`"level"`) }
    : { table: Prisma.raw(`"study_fields"`), column: Prisma.raw(`"field"`) };
}

/** The list with each value's program count, in display order. */
export async function listStudyItems(list: StudyList): Promise<StudyItem[]> {
  const { table, column } = studyListSql(list);
  return prisma.$queryRaw<StudyItem[]>`
    SELECT s."id", s."name", s."position",
           (SELECT count(*)::int FROM "programs" p WHERE p.${column} = s."name") AS "programs"
      FROM ${table} s
     ORDER BY s."position", s."name"`;
}
