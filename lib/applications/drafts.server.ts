import "server-only";
import { z } from "@/lib/validation/zod";
import { prisma } from "@/lib/db/client.server";
import { conflict, gone, notFound } from "@/lib/http/errors";
import { ALREADY_APPLIED, lockApplying, openApplicationOf, PROGRAM_ARCHIVED } from "./commands.server";
import { deleteDraftDocuments, deleteFiles } from "@/lib/documents/commands.server";
import { DRAFT_CHANGED, DRAFT_LIMITS } from "@/lib/validation/application";
import { programDeadlineSelect } from "@/lib/programs/queries.server";

// Unsent applications, saved while the student types so that a reload, another device or a
// failed submit loses nothing. Deleted when the application is submitted. Each save increments the
// draft's version and names the version it was based on: a form showing an older copy (a tab left
// open, a page restored by Back or Forward) is refused instead of overwriting what was saved since.

/** What a draft holds: anything typed so far, not yet valid, but bounded in size. */
export const draftDataSchema = z.object({
  step: z.union([z.literal(1), z.literal(2)]).default(1),
  personalStatement: z
    .string()
    .max(DRAFT_LIMITS.personalStatement, "The draft statement is too long")
    .default(""),
  academicHistory: z
    .object({
      institution: z.string().max(DRAFT_LIMITS.institution).default(""),
      degree: z.string().max(DRAFT_LIMITS.degree).default(""),
      gpa: z.string().max(DRAFT_LIMITS.gpa).default(""),
      graduationYear: z.union([z.string().max(4), z.number().int()]).default(""),
    })
    .default({ institution: "", degree: "", gpa: "", graduationYear: "" }),
});
export type DraftData = z.infer<typeof draftDataSchema>;

/** PUT's body: the draft and the version it was based on (0: there was none). */
export const draftSaveSchema = draftDataSchema.extend({
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type DraftSave = z.infer<typeof draftSaveSchema>;

export async function getDraft(userId: number, programId: number) {
  const draft = await prisma.applicationDraft.findUnique({
    where: { userId_programId: { userId, programId } },
    select: { data: true, version: true, updatedAt: true },
  });
  if (!draft) return null;
  const parsed = draftDataSchema.safeParse(draft.data);
  return parsed.success
    ? { data: parsed.data, version: draft.version, updatedAt: draft.updatedAt.toISOString() }
    : null;
}

/**
 * Saves the draft; refused (409) once the student has applied to the program, and when `base`
 * (the version the form's copy came from, 0 for none) is not the saved version: the form then
 * loads the newer draft. Without `base` the save is unconditional: the server-side form action,
 * which merges the post into the draft it has just read.
 */
export async function saveDraft(userId: number, programId: number, data: DraftData, base?: number) {
  return prisma.$transaction(async (tx) => {
    await lockApplying(tx, userId, programId);
    const program = await tx.program.findUnique({
      where: { id: programId },
      select: { archivedAt: true, university: { select: { archivedAt: true } } },
    });
    if (!program) throw notFound("Program not found");
    if (program.archivedAt || program.university.archivedAt) throw gone(PROGRAM_ARCHIVED);
    if (await openApplicationOf(tx, userId, programId)) throw conflict(ALREADY_APPLIED);
    // Read and written under the lock above, so two saves based on one version cannot both pass.
    if (base !== undefined) {
      const saved = await tx.applicationDraft.findUnique({
        where: { userId_programId: { userId, programId } },
        select: { version: true },
      });
      if ((saved?.version ?? 0) !== base) throw conflict(DRAFT_CHANGED, { version: [DRAFT_CHANGED] });
    }
    const draft = await tx.applicationDraft.upsert({
      where: { userId_programId: { userId, programId } },
      create: { userId, programId, data },
      update: { data, version: { increment: 1 } },
      select: { version: true, updatedAt: true },
    });
    return { version: draft.version, updatedAt: draft.updatedAt.toISOString() };
  });
}

export interface DraftListItem {
  programId: number;
  programName: string;
  degree: string;
  /** ISO date-time: the deadline day's midnight UTC. */
  deadline: string;
  /** The zone the deadline day ends in. */
  timeZone: string;
  university: { name: string; slug: string };
}

/**
 * The student's drafts, nearest deadline first (at most `limit`): those of programs still offered
 * (a withdrawn program takes no applications, and the apply page says so).
 */
export async function listDrafts(userId: number, limit = 50): Promise<DraftListItem[]> {
  const rows = await prisma.applicationDraft.findMany({
    where: { userId, program: { archivedAt: null, university: { archivedAt: null } } },
    orderBy: [{ program: { deadline: "asc" } }, { programId: "asc" }],
    take: limit,
    select: { program: { select: programDeadlineSelect } },
  });
  return rows.map(({ program }) => ({
    programId: program.id,
    programName: program.name,
    degree: program.degree,
    deadline: program.deadline.toISOString(),
    timeZone: program.timeZone,
    university: program.university,
  }));
}

/** Discards the draft and the documents uploaded to it (their files once that commits). */
export async function deleteDraft(userId: number, programId: number) {
  const keys = await prisma.$transaction(async (tx) => {
    await lockApplying(tx, userId, programId);
    await tx.applicationDraft.deleteMany({ where: { userId, programId } });
    return deleteDraftDocuments(tx, userId, programId);
  });
  await deleteFiles(keys);
}
