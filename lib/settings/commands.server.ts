import "server-only";
import { expireTags, SETTINGS, STUDY_LISTS } from "@/lib/cache/tags.server";
import { recordAudit, type AuditActor } from "@/lib/audit/record.server";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound, staleWrite } from "@/lib/http/errors";
import { changedSinceOpened } from "@/lib/validation/common";
import { violatedForeignKey } from "@/lib/db/errors.server";
import type { GeneralSettingsInput } from "@/lib/validation/settings";
import { DECIDE_BY_WORKING_DAYS_KEY, type GeneralSettings } from "./constants";
import {
  getGeneralSettings,
  PLATFORM_NAME_KEY,
  studyListTable,
  type StudyItem,
  type StudyList,
} from "./queries.server";

// Writes of /admin/settings: the General tab's settings and the study level / field lists.
// Callers check that the viewer is a super admin.

export const SETTINGS_CHANGED = changedSinceOpened("setting");

/**
 * Saves one setting in `tx`. With `version` (the one the form was opened with, 0 when the setting
 * had never been saved) it is refused (409) when the setting was saved since.
 */
async function saveSetting(
  tx: Prisma.TransactionClient,
  actor: AuditActor,
  { key, value, version, summary }: { key: string; value: string; version?: number; summary: string },
): Promise<void> {
  const before = await tx.setting.findUnique({ where: { key }, select: { value: true, version: true } });
  const current = before?.version ?? 0;
  if (version !== undefined && version !== current) throw staleWrite(SETTINGS_CHANGED);
  if (before) {
    // Conditional on the version read above: a save in between makes this write nothing.
    const { count } = await tx.setting.updateMany({
      where: { key, version: current },
      data: { value, version: { increment: 1 } },
    });
    if (count === 0) throw staleWrite(SETTINGS_CHANGED);
  } else {
    await tx.setting.create({ data: { key, value } });
  }
  await recordAudit(tx, actor, {
    action: "setting.update",
    entityType: "setting",
    entityId: key,
    summary,
    before: before ? { value: before.value } : null,
    after: { value },
  });
}

/**
 * Saves the General tab's settings that `input` gives (already validated), all or none, and
 * answers all of them as saved. Each given setting is checked against its own version.
 */
export async function saveGeneralSettings(
  actor: AuditActor,
  input: GeneralSettingsInput,
): Promise<GeneralSettings> {
  try {
    const saved = await prisma.$transaction(async (tx) => {
      if (input.platformName !== undefined) {
        await saveSetting(tx, actor, {
          key: PLATFORM_NAME_KEY,
          value: input.platformName,
          version: input.version,
          summary: "Platform name",
        });
      }
      if (input.decideByWorkingDays !== undefined) {
        await saveSetting(tx, actor, {
          key: DECIDE_BY_WORKING_DAYS_KEY,
          value: String(input.decideByWorkingDays),
          version: input.decideByWorkingDaysVersion,
          summary: "Working days to decide",
        });
      }
      return getGeneralSettings(tx);
    });
    await expireTags(SETTINGS);
    return saved;
  } catch (error) {
    // Two first saves at once: the second meets the first one's row.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw staleWrite(SETTINGS_CHANGED);
    throw error;
  }
}

const ENTITY = { level: "studyLevel", field: "studyField" } as const;

const NOUN: Record<StudyList, string> = { level: "study level", field: "study field" };

function capitalise(text: string) {
  return text[0].toUpperCase() + text.slice(1);
}

const TABLE: Record<StudyList, string> = { level: "study_levels", field: "study_fields" };

/**
 * Adds a value at the end of the list; 409 if the list has it already (in any letter case). Adds
 * to one list take turns (a table lock that lets reads go on), so the check and the next position
 * see every add committed before; the unique index on the lower-case name backs the check.
 */
export async function addStudyItem(actor: AuditActor, list: StudyList, name: string): Promise<StudyItem> {
  const message = `${capitalise(NOUN[list])} "${name}" already exists.`;
  try {
    const row = await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`LOCK TABLE "${TABLE[list]}" IN SHARE ROW EXCLUSIVE MODE`);
      const table = studyListTable(list, tx);
      const existing = await table.findFirst({
        where: { name: { equals: name, mode: "insensitive" } },
        select: { id: true },
      });
      if (existing) throw conflict(message, { name: [message] });
      const last = await table.aggregate({ _max: { position: true } });
      const created = await table.create({
        data: { name, position: (last._max.position ?? -1) + 1 },
        select: { id: true, name: true, position: true },
      });
      await recordAudit(tx, actor, {
        action: `${ENTITY[list]}.create`,
        entityType: ENTITY[list],
        entityId: created.id,
        summary: created.name,
        after: { name: created.name, position: created.position },
      });
      return created;
    });
    await expireTags(STUDY_LISTS);
    return { ...row, programs: 0 };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict(message, { name: [message] });
    }
    throw error;
  }
}

/**
 * Deletes a value that no program uses; 409 saying how many programs use it otherwise. The
 * programs' foreign key (ON DELETE RESTRICT) refuses the delete, even for a program saved at the
 * same moment; the count only words the answer.
 */
export async function deleteStudyItem(actor: AuditActor, list: StudyList, id: number): Promise<void> {
  const table = studyListTable(list);
  const item = await table.findUnique({ where: { id }, select: { name: true, position: true } });
  if (!item) throw notFound(`${capitalise(NOUN[list])} not found`);
  try {
    await prisma.$transaction(async (tx) => {
      await studyListTable(list, tx).delete({ where: { id }, select: { id: true } });
      await recordAudit(tx, actor, {
        action: `${ENTITY[list]}.delete`,
        entityType: ENTITY[list],
        entityId: id,
        summary: item.name,
        before: { name: item.name, position: item.position },
      });
    });
    await expireTags(STUDY_LISTS);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
      throw notFound(`${capitalise(NOUN[list])} not found`);
    }
    if (violatedForeignKey(error) === null) throw error;
    const count = await prisma.program.count({ where: { [list]: item.name } });
    const scholarships =
      list === "level"
        ? await prisma.scholarshipLevel.count({ where: { level: item.name } })
        : await prisma.scholarshipField.count({ where: { field: item.name } });
    // The programs and scholarships that blocked the delete were removed in the meantime: try again.
    if (count === 0 && scholarships === 0) return deleteStudyItem(actor, list, id);
    if (count === 0) {
      throw conflict(
        `"${item.name}" cannot be deleted: ${scholarships} ${scholarships === 1 ? "scholarship is" : "scholarships are"} for it. ` +
          `Change ${scholarships === 1 ? "that scholarship" : "those scholarships"} first.`,
      );
    }
    throw conflict(
      `"${item.name}" cannot be deleted: ${count} ${count === 1 ? "program uses" : "programs use"} it. ` +
        `Change ${count === 1 ? "that program" : "those programs"} first.`,
    );
  }
}
