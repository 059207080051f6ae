import "server-only";
import { cache } from "react";
import { prisma } from "@/lib/db/client.server";
import {
  DECIDE_BY_WORKING_DAYS_KEY,
  DEFAULT_DECIDE_BY_WORKING_DAYS,
  DEFAULT_PLATFORM_NAME,
  DEMO_DATA_KEY,
  PLATFORM_NAME_KEY,
  type GeneralSettings,
  type StudyItem,
  type StudyList,
} from "./constants";
import { DECIDE_BY_DAYS_MAX, DECIDE_BY_DAYS_MIN } from "@/lib/validation/settings";

export { DEFAULT_PLATFORM_NAME, DEMO_DATA_KEY, PLATFORM_NAME_KEY, type StudyItem, type StudyList };

/** The client, or an open transaction. */
type SettingsDb = Pick<typeof prisma, "setting">;

// Reads of the settings that /admin/settings edits. Cached per request: the header, footer and
// page titles all ask for the platform name while one page renders.

export const getPlatformName = cache((): Promise<string> => platformNameIn(prisma));

/** The platform name read through `db`: a transaction's client, for the e-mails queued inside it. */
export async function platformNameIn(db: Pick<typeof prisma, "setting">): Promise<string> {
  const row = await db.setting.findUnique({ where: { key: PLATFORM_NAME_KEY } });
  return row?.value || DEFAULT_PLATFORM_NAME;
}

/** A stored working-day count, or the default when none is stored (or a row holds something else). */
function workingDaysOf(value: string | undefined): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= DECIDE_BY_DAYS_MIN && days <= DECIDE_BY_DAYS_MAX
    ? days
    : DEFAULT_DECIDE_BY_WORKING_DAYS;
}

/** The General tab's settings as it edits them: each value and its version (0: never saved). */
export async function getGeneralSettings(db: SettingsDb = prisma): Promise<GeneralSettings> {
  const rows = await db.setting.findMany({
    where: { key: { in: [PLATFORM_NAME_KEY, DECIDE_BY_WORKING_DAYS_KEY] } },
  });
  const name = rows.find((row) => row.key === PLATFORM_NAME_KEY);
  const days = rows.find((row) => row.key === DECIDE_BY_WORKING_DAYS_KEY);
  return {
    platformName: name?.value || DEFAULT_PLATFORM_NAME,
    version: name?.version ?? 0,
    decideByWorkingDays: workingDaysOf(days?.value),
    decideByWorkingDaysVersion: days?.version ?? 0,
  };
}

/** How many working days after submission a new application's decide-by date is. */
export async function getDecideByWorkingDays(db: SettingsDb = prisma): Promise<number> {
  const row = await db.setting.findUnique({ where: { key: DECIDE_BY_WORKING_DAYS_KEY } });
  return workingDaysOf(row?.value);
}

/**
 * Whether this database holds generated demo data (the demo seed says so in the settings), so the
 * shells show the "Demo data" notice. Read from the database, not the environment: a production
 * server pointed at a demo database shows the notice too.
 */
export const isDemoDatabase = cache(async (): Promise<boolean> => {
  const row = await prisma.setting.findUnique({ where: { key: DEMO_DATA_KEY } });
  return row?.value === "true";
});

/** Study levels in display order (the program form, the program filters). */
export const listStudyLevels = cache(async (): Promise<string[]> => {
  const rows = await prisma.studyLevel.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }] });
  return rows.map((row) => row.name);
});

/** Document type names in display order (the program form and its schema). */
export const listDocumentTypeNames = cache(async (): Promise<string[]> => {
  const rows = await prisma.documentType.findMany({
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: { name: true },
  });
  return rows.map((row) => row.name);
});

/** Study fields in display order (the program form). */
export const listStudyFields = cache(async (): Promise<string[]> => {
  const rows = await prisma.studyField.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }] });
  return rows.map((row) => row.name);
});

/** The Prisma delegate of a list (both tables have the same shape). */
/** The list's table, through `db` (a transaction) or the client. */
export function studyListTable(
  list: StudyList,
  db: Pick<typeof prisma, "studyLevel" | "studyField"> = prisma,
) {
  return (list === "level" ? db.studyLevel : db.studyField) as typeof prisma.studyLevel;
}

/** The list with each value's program count, in display order. */
export async function listStudyItems(list: StudyList): Promise<StudyItem[]> {
  const rows = await studyListTable(list).findMany({
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: { id: true, name: true, position: true, _count: { select: { programs: true } } },
  });
  return rows.map(({ _count, ...row }) => ({ ...row, programs: _count.programs }));
}
