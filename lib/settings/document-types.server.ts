import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/record.server";
import { expireTags, STUDY_LISTS } from "@/lib/cache/tags.server";
import { prisma } from "@/lib/db/client.server";
import { violatedForeignKey } from "@/lib/db/errors.server";
import { MEGABYTE } from "@/lib/documents/limits";
import { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/http/errors";
import type { DocumentTypeInput } from "@/lib/validation/documents";

// The document types of Settings (Programs tab), managed like the study lists: super admins add
// one at the end of the list or delete one nothing uses. Programs and documents reference the
// name, and so do the team's requests for documents (ON DELETE RESTRICT), so a type in use cannot go.

export interface DocumentTypeItem {
  id: number;
  name: string;
  position: number;
  fileTypes: string[];
  maxBytes: number;
  /** How many programs ask for it. */
  programs: number;
}

export async function listDocumentTypes(): Promise<DocumentTypeItem[]> {
  const rows = await prisma.documentType.findMany({
    orderBy: [{ position: "asc" }, { name: "asc" }],
    select: {
      id: true,
      name: true,
      position: true,
      fileTypes: true,
      maxBytes: true,
      _count: { select: { programs: true } },
    },
  });
  return rows.map(({ _count, ...row }) => ({ ...row, programs: _count.programs }));
}

/** Adds a type at the end of the list; 409 when one has the name in any letter case. */
export async function addDocumentType(
  actor: AuditActor,
  input: DocumentTypeInput,
): Promise<DocumentTypeItem> {
  const message = `Document type "${input.name}" already exists.`;
  try {
    const row = await prisma.$transaction(async (tx) => {
      // Adds take turns (reads go on), so the check and the next position see every add before.
      await tx.$executeRawUnsafe(`LOCK TABLE "document_types" IN SHARE ROW EXCLUSIVE MODE`);
      const existing = await tx.documentType.findFirst({
        where: { name: { equals: input.name, mode: "insensitive" } },
        select: { id: true },
      });
      if (existing) throw conflict(message, { name: [message] });
      const last = await tx.documentType.aggregate({ _max: { position: true } });
      const created = await tx.documentType.create({
        data: {
          name: input.name,
          position: (last._max.position ?? -1) + 1,
          fileTypes: input.fileTypes,
          maxBytes: input.maxMegabytes * MEGABYTE,
        },
        select: { id: true, name: true, position: true, fileTypes: true, maxBytes: true },
      });
      await recordAudit(tx, actor, {
        action: "documentType.create",
        entityType: "documentType",
        entityId: created.id,
        summary: created.name,
        after: { name: created.name, fileTypes: created.fileTypes, maxBytes: created.maxBytes },
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

/** Deletes a type nothing uses; 409 saying what uses it otherwise (the foreign keys decide). */
export async function deleteDocumentType(actor: AuditActor, id: number): Promise<void> {
  const item = await prisma.documentType.findUnique({ where: { id }, select: { name: true } });
  if (!item) throw notFound("Document type not found");
  try {
    await prisma.$transaction(async (tx) => {
      await tx.documentType.delete({ where: { id }, select: { id: true } });
      await recordAudit(tx, actor, {
        action: "documentType.delete",
        entityType: "documentType",
        entityId: id,
        summary: item.name,
        before: { name: item.name },
      });
    });
    await expireTags(STUDY_LISTS);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") {
      throw notFound("Document type not found");
    }
    if (violatedForeignKey(error) === null) throw error;
    const [programs, documents, requests] = await Promise.all([
      prisma.programDocument.count({ where: { documentType: item.name } }),
      prisma.applicationDocument.count({ where: { documentType: item.name } }),
      prisma.documentRequest.count({ where: { documentType: item.name } }),
    ]);
    if (programs === 0 && documents === 0 && requests === 0) return deleteDocumentType(actor, id);
    const uses = [
      programs > 0 ? `${programs} ${programs === 1 ? "program asks" : "programs ask"} for it` : null,
      documents > 0
        ? `${documents} uploaded ${documents === 1 ? "document is" : "documents are"} of this type`
        : null,
      requests > 0
        ? `${requests} ${requests === 1 ? "request of the team asks" : "requests of the team ask"} for it`
        : null,
    ].filter(Boolean);
    throw conflict(`"${item.name}" cannot be deleted: ${uses.join(" and ")}.`);
  }
}
