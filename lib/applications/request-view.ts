import { MAX_DOCUMENT_BYTES } from "@/lib/documents/limits";
import { DOCUMENT_SELECT, toDocumentView } from "@/lib/documents/view";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DocumentRequest } from "./requests";
import { toStatus } from "./status";

// A request for a document or a correction as pages and the API show it, and the select that reads
// it. Free of the request commands' imports (which reach the document commands, and through them
// the applications' reads), so that the applications' reads can include requests without an
// import cycle.

export const requestSelect = {
  id: true,
  documentType: true,
  message: true,
  status: true,
  requestedByName: true,
  createdAt: true,
  answer: true,
  answeredAt: true,
  closedByName: true,
  closedAt: true,
  closedWith: true,
  documents: { orderBy: { id: "asc" }, select: DOCUMENT_SELECT },
  type: { select: { fileTypes: true, maxBytes: true } },
} satisfies Prisma.DocumentRequestSelect;

export function toRequest(
  row: Prisma.DocumentRequestGetPayload<{ select: typeof requestSelect }>,
): DocumentRequest {
  return {
    id: row.id,
    documentType: row.documentType,
    message: row.message,
    status: row.status,
    requestedBy: row.requestedByName,
    createdAt: row.createdAt.toISOString(),
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    closedBy: row.closedByName,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedWith: row.closedWith ? toStatus(row.closedWith) : null,
    documents: row.documents.map(toDocumentView),
    accepts: row.type
      ? { fileTypes: row.type.fileTypes, maxBytes: Math.min(row.type.maxBytes, MAX_DOCUMENT_BYTES) }
      : null,
  };
}
