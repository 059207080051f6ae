import type { Prisma } from "@/lib/generated/prisma/client";

// A stored document as pages and the API show it (never its storage key), and the select that
// reads it. Client-safe, and free of the document commands' imports, so that the modules those
// commands import (the applications' reads) can read documents too.

export const DOCUMENT_SELECT = {
  id: true,
  documentType: true,
  requestId: true,
  name: true,
  contentType: true,
  size: true,
  status: true,
  createdAt: true,
} as const satisfies Prisma.ApplicationDocumentSelect;

export interface DocumentView {
  id: number;
  documentType: string;
  /** The request this version answers; null for a version submitted with the application. */
  requestId: number | null;
  name: string;
  contentType: string;
  size: number;
  status: "checking" | "clean";
  createdAt: string;
}

export type DocumentRow = Prisma.ApplicationDocumentGetPayload<{ select: typeof DOCUMENT_SELECT }>;

export function toDocumentView(row: DocumentRow): DocumentView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
