import "server-only";
import { z } from "@/lib/validation/zod";
import { prisma } from "@/lib/db/client";
import { conflict, gone, notFound } from "@/lib/http/errors";
import { ALREADY_APPLIED, lockApplying, PROGRAM_ARCHIVED } from "./commands";
import { DRAFT_LIMITS } from "@/lib/validation/application";

// Unsent applications, saved while the student types so that a reload, another device or a
// failed submit loses nothing. Deleted when the application is submitted.

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

export async function getDraft(userId: number, programId: number) {
  const draft = await prisma.applicationDraft.findUnique({
    where: { userId_programId: { userId, programId } },
    select: { data: true, updatedAt: true },
  });
  if (!draft) return null;
  const parsed = draftDataSchema.safeParse(draft.data);
  return parsed.success ? { data: parsed.data, updatedAt: draft.updatedAt.toISOString() } : null;
}

/** Saves the draft; refused (409) once the student has applied to the program. */
export async function saveDraft(userId: number, programId: number, data: DraftData) {
  return prisma.$transaction(async (tx) => {
    await lockApplying(tx, userId, programId);
    const program = await tx.program.findUnique({
      where: { id: programId },
      select: { archivedAt: true, university: { select: { archivedAt: true } } },
    });
    if (!program) throw notFound("Program not found");
    if (program.archivedAt || program.university.archivedAt) throw gone(PROGRAM_ARCHIVED);
    const applied = await tx.application.findUnique({
      where: { userId_programId: { userId, programId } },
      select: { id: true },
    });
    if (applied) throw conflict(ALREADY_APPLIED);
    const draft = await tx.applicationDraft.upsert({
      where: { userId_programId: { userId, programId } },
      create: { userId, programId, data },
      update: { data },
      select: { updatedAt: true },
    });
    return { updatedAt: draft.updatedAt.toISOString() };
  });
}

export async function deleteDraft(userId: number, programId: number) {
  await prisma.applicationDraft.deleteMany({ where: { userId, programId } });
}
