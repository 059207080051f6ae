import "server-only";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Viewer } from "@/lib/auth/viewer";
import { canViewApplication } from "@/lib/auth/policy";
import {
  ALREADY_APPLIED,
  lockApplying,
  openApplicationOf,
  PROGRAM_ARCHIVED,
} from "@/lib/applications/commands.server";
import { prisma } from "@/lib/db/client.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DOCUMENT_SELECT, toDocumentView, type DocumentRow, type DocumentView } from "./view";
import { afterResponse } from "@/lib/http/after-response.server";
import { badRequest, conflict, gone, HttpError, notFound } from "@/lib/http/errors";
import { logger } from "@/lib/log.server";
import { getDocumentStorage } from "@/lib/storage/private.server";
import { checkDocument } from "./check.server";
import {
  applicationTooLargeMessage,
  FILE_TYPE_EXTENSIONS,
  fileTooLargeMessage,
  MAX_APPLICATION_DOCUMENTS_BYTES,
  MAX_DOCUMENT_BYTES,
  safeDocumentName,
  type DocumentFileType,
} from "./limits";
import { discard, receiveFile } from "./receive.server";
import { scanCommand, scanFile } from "./scan.server";

// A student's documents for one program. Until the application is submitted they belong to the
// draft (applicationId null): one per document type, replaced or deleted at will. Submitting
// attaches them to the application, after which they never change: a new version is only ever
// added beside them, in answer to a request of the team (lib/applications/requests.server.ts,
// through storeUpload below). The file is stored
// before its row (a crash between leaves a file no row names, which `documentFileAudit` finds
// and the sweeper removes), and removed after its row is gone, once the transaction commits.

export const DOCUMENT_NOT_FOUND = "Document not found.";
export const NOT_ASKED_FOR = "This program does not ask for that document.";
export const DOCUMENT_REFUSED_BY_SCAN =
  "This file did not pass the virus check, so it was not kept. Upload a clean copy.";

/** The draft's documents (not yet submitted) for one program. */
export async function listDraftDocuments(userId: number, programId: number): Promise<DocumentView[]> {
  const rows = await prisma.applicationDocument.findMany({
    where: { userId, programId, applicationId: null },
    orderBy: { id: "asc" },
    select: DOCUMENT_SELECT,
  });
  return rows.map(toDocumentView);
}

/** A document a program asks for, with the one the student's draft holds (if any). */
export interface DocumentSlot {
  typeId: number;
  documentType: string;
  required: boolean;
  fileTypes: string[];
  /** The largest file accepted: the type's limit, never above the platform's. */
  maxBytes: number;
  document: DocumentView | null;
}

/** The documents a program asks for (required first, in the types' order) and the draft's files. */
export async function listDraftDocumentSlots(userId: number, programId: number): Promise<DocumentSlot[]> {
  const [asked, documents] = await Promise.all([
    prisma.programDocument.findMany({
      where: { programId },
      select: { required: true, type: { select: { id: true, name: true, fileTypes: true, maxBytes: true } } },
      orderBy: [{ required: "desc" }, { type: { position: "asc" } }, { documentType: "asc" }],
    }),
    listDraftDocuments(userId, programId),
  ]);
  return asked.map(({ required, type }) => ({
    typeId: type.id,
    documentType: type.name,
    required,
    fileTypes: type.fileTypes,
    maxBytes: Math.min(type.maxBytes, MAX_DOCUMENT_BYTES),
    document: documents.find((document) => document.documentType === type.name) ?? null,
  }));
}

/** An application's documents, for whoever may see the application. */
export async function listApplicationDocuments(applicationId: number): Promise<DocumentView[]> {
  return (await listDocumentsOfApplications([applicationId])).get(applicationId) ?? [];
}

/** The documents of several applications in one query, keyed by application (each list by id). */
export async function listDocumentsOfApplications(
  ids: readonly number[],
): Promise<Map<number, DocumentView[]>> {
  const documents = new Map<number, DocumentView[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return documents;
  const rows = await prisma.applicationDocument.findMany({
    // A referee's upload is shown with its reference (lib/references/), not among the student's.
    where: { applicationId: { in: [...ids] }, reference: { is: null } },
    orderBy: { id: "asc" },
    select: { ...DOCUMENT_SELECT, applicationId: true },
  });
  for (const { applicationId, ...row } of rows) documents.get(applicationId!)?.push(toDocumentView(row));
  return documents;
}

/** Bytes of the draft's documents for a program, leaving out one type (the one being replaced). */
async function draftBytes(
  db: Prisma.TransactionClient | typeof prisma,
  userId: number,
  programId: number,
  except: string,
) {
  const sum = await db.applicationDocument.aggregate({
    where: { userId, programId, applicationId: null, documentType: { not: except } },
    _sum: { size: true },
  });
  return sum._sum.size ?? 0;
}

/** A document type as an upload is checked against it. */
export interface UploadedType {
  name: string;
  fileTypes: string[];
  maxBytes: number;
}

/** A file received, checked and stored, whose row is still to be written. */
export interface StoredFile {
  key: string;
  name: string;
  contentType: string;
  size: number;
  status: "checking" | "clean";
}

/** 413 for a file that would take the application's documents past their total. */
export function refuseOverTotal(others: number, size: number): void {
  if (others + size <= MAX_APPLICATION_DOCUMENTS_BYTES) return;
  const message = applicationTooLargeMessage(MAX_APPLICATION_DOCUMENTS_BYTES - others);
  throw new HttpError(413, message, { file: [message] });
}

/**
 * Receives an upload of a document of `type` and stores its file, then has `save` write its row
 * (in a transaction of its own, checking again under its lock what may have changed meanwhile,
 * the total among it). The body streams to a temporary file and is cut off with 413 the moment it
 * passes the smaller of the type's limit and what the application has left of its total (`others`
 * weigh the rest); the content is then checked (lib/documents/check.server.ts). With a scanning
 * command the document is "checking" until the scan passes, and deleted if it fails. Files the
 * saved row replaced are removed after `save` commits; the new file is removed if it throws.
 */
export async function storeUpload(
  upload: {
    type: UploadedType;
    others: number;
    name: string | undefined;
    body: ReadableStream<Uint8Array> | null;
    declaredLength: number | null;
  },
  save: (file: StoredFile) => Promise<{ row: DocumentRow; replaced: string[] }>,
): Promise<DocumentView> {
  const { type, others } = upload;
  const fileLimit = Math.min(type.maxBytes, MAX_DOCUMENT_BYTES);
  const left = MAX_APPLICATION_DOCUMENTS_BYTES - others;
  const limit = Math.min(fileLimit, left);
  const tooLarge = () => {
    const message = limit < fileLimit ? applicationTooLargeMessage(left) : fileTooLargeMessage(fileLimit);
    return new HttpError(413, message, { file: [message] });
  };
  if (upload.declaredLength !== null && upload.declaredLength > limit) throw tooLarge();

  const file = await receiveFile(upload.body, limit, tooLarge);
  const storage = getDocumentStorage();
  let key: string | null = null;
  let keepTemporary = false;
  try {
    const contentType = await checkDocument(
      file,
      type.fileTypes,
      async () => new Uint8Array(await readFile(file.path)),
    );
    key = `${randomBytes(16).toString("hex")}.${FILE_TYPE_EXTENSIONS[contentType as DocumentFileType]}`;
    await storage.putFile(key, file.path, contentType, file.size);
    const scan = scanCommand();
    const storedKey = key;
    const { row, replaced } = await save({
      key: storedKey,
      name: safeDocumentName(upload.name ?? ""),
      contentType,
      size: file.size,
      status: scan ? "checking" : "clean",
    });
    key = null;
    await deleteFiles(replaced);
    if (scan) {
      keepTemporary = true;
      afterResponse(() => settleScan(row.id, storedKey, file.path, scan));
    }
    return toDocumentView(row);
  } finally {
    if (key) await storage.delete(key).catch(() => {});
    if (!keepTemporary) await discard(file.path);
  }
}

/**
 * Stores the request's body as the draft's document of a type, replacing the one it had
 * (storeUpload: streamed, limited, checked, scanned).
 */
export async function uploadDraftDocument(
  viewer: Viewer,
  programId: number,
  typeId: number,
  name: string | undefined,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number | null,
): Promise<DocumentView> {
  const program = await prisma.program.findUnique({ where: { id: programId }, select: { archivedAt: true } });
  if (!program) throw notFound("Program not found");
  if (program.archivedAt) throw gone(PROGRAM_ARCHIVED);
  const asked = await prisma.programDocument.findFirst({
    where: { programId, type: { id: typeId } },
    select: { type: { select: { name: true, fileTypes: true, maxBytes: true } } },
  });
  if (!asked) throw notFound(NOT_ASKED_FOR);
  const type = asked.type;
  const others = await draftBytes(prisma, viewer.id, programId, type.name);
  return storeUpload({ type, others, name, body, declaredLength }, (file) =>
    prisma.$transaction(async (tx) => {
      await lockApplying(tx, viewer.id, programId);
      // Once submitted, the application's documents are fixed and there is no draft to add to.
      if (await openApplicationOf(tx, viewer.id, programId)) throw conflict(ALREADY_APPLIED);
      // Checked again under the lock: two uploads at once must not pass the total together.
      refuseOverTotal(await draftBytes(tx, viewer.id, programId, type.name), file.size);
      const old = await tx.applicationDocument.findMany({
        where: { userId: viewer.id, programId, applicationId: null, documentType: type.name },
        select: { id: true, key: true },
      });
      await tx.applicationDocument.deleteMany({ where: { id: { in: old.map((row) => row.id) } } });
      const row = await tx.applicationDocument.create({
        data: { ...file, userId: viewer.id, programId, documentType: type.name },
        select: DOCUMENT_SELECT,
      });
      return { row, replaced: old.map((row) => row.key) };
    }),
  );
}

/** Runs the scan of a stored document: clean, or the row and its file deleted. */
export async function settleScan(id: number, key: string, path: string, command: string[]) {
  try {
    const clean = await scanFile(path, command);
    if (clean) {
      await prisma.applicationDocument.updateMany({
        where: { id, status: "checking" },
        data: { status: "clean" },
      });
    } else {
      logger().warn({ documentId: id }, "document refused by the scanning command");
      await prisma.applicationDocument.deleteMany({ where: { id } });
      await getDocumentStorage().delete(key);
    }
  } finally {
    await discard(path);
  }
}

/** Deletes the draft's document of a type (a submitted one is never changed). */
export async function deleteDraftDocument(viewer: Viewer, programId: number, typeId: number): Promise<void> {
  const keys = await prisma.$transaction(async (tx) => {
    await lockApplying(tx, viewer.id, programId);
    const rows = await tx.applicationDocument.findMany({
      where: { userId: viewer.id, programId, applicationId: null, type: { id: typeId } },
      select: { id: true, key: true },
    });
    if (rows.length === 0) throw notFound(DOCUMENT_NOT_FOUND);
    await tx.applicationDocument.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } });
    return rows.map((row) => row.key);
  });
  await deleteFiles(keys);
}

/** Deletes the draft's documents of a program (the draft is discarded). */
export async function deleteDraftDocuments(tx: Prisma.TransactionClient, userId: number, programId: number) {
  const rows = await tx.applicationDocument.findMany({
    where: { userId, programId, applicationId: null },
    select: { key: true },
  });
  await tx.applicationDocument.deleteMany({ where: { userId, programId, applicationId: null } });
  return rows.map((row) => row.key);
}

/**
 * Submitting: refuses (400, each missing document named) unless every document the program
 * requires is on the draft and has passed its check; then attaches the draft's documents to the
 * application. Runs in the submit's transaction, under its lock.
 */
export async function attachDraftDocuments(
  tx: Prisma.TransactionClient,
  userId: number,
  programId: number,
  applicationId: number,
) {
  const required = await tx.programDocument.findMany({
    where: { programId, required: true },
    select: { documentType: true, type: { select: { position: true } } },
    orderBy: [{ type: { position: "asc" } }, { documentType: "asc" }],
  });
  const present = await tx.applicationDocument.findMany({
    where: { userId, programId, applicationId: null },
    select: { documentType: true, status: true },
  });
  const problems: string[] = [];
  for (const { documentType } of required) {
    const document = present.find((row) => row.documentType === documentType);
    if (!document) problems.push(`${documentType} is missing.`);
    else if (document.status !== "clean") problems.push(`${documentType} is still being checked.`);
  }
  if (problems.length > 0) {
    throw badRequest(`Upload the required documents first. ${problems.join(" ")}`, { documents: problems });
  }
  await tx.applicationDocument.updateMany({
    where: { userId, programId, applicationId: null },
    data: { applicationId },
  });
}

/** Removes stored files whose rows are gone; logged, never thrown (the rows' change stands). */
export async function deleteFiles(keys: readonly string[]): Promise<void> {
  const storage = getDocumentStorage();
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => {
      logger().error({ err: error, key }, "a document's file could not be deleted");
    });
  }
}

/** The keys of every document of a user, read before the account is deleted (its rows cascade). */
export async function documentKeysOfUser(tx: Prisma.TransactionClient, userId: number): Promise<string[]> {
  const rows = await tx.applicationDocument.findMany({ where: { userId }, select: { key: true } });
  return rows.map((row) => row.key);
}

/** The keys of every document of programs about to be deleted (drafts' documents cascade). */
export async function documentKeysOfPrograms(tx: Prisma.TransactionClient, where: Prisma.ProgramWhereInput) {
  const rows = await tx.applicationDocument.findMany({ where: { program: where }, select: { key: true } });
  return rows.map((row) => row.key);
}

/**
 * A document's file for a reader: its owner, or staff once it belongs to a submitted application
 * (a draft's documents are the student's alone); a referee's upload the student waived reading,
 * staff only. Anyone else gets the same 404 as a missing id,
 * so ids reveal nothing. A document still being checked is not handed out.
 */
export async function openDocument(viewer: Viewer, id: number) {
  const row = await prisma.applicationDocument.findUnique({
    where: { id },
    select: {
      key: true,
      name: true,
      contentType: true,
      size: true,
      status: true,
      userId: true,
      applicationId: true,
      reference: { select: { waived: true } },
    },
  });
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  const mayRead =
    row.userId === viewer.id ||
    (row.applicationId !== null && canViewApplication(viewer, { student: { id: row.userId } }));
  if (!mayRead) throw notFound(DOCUMENT_NOT_FOUND);
  // A reference the student waived reading is the team's alone, whoever the student is.
  if (row.reference?.waived && row.userId === viewer.id) throw notFound(DOCUMENT_NOT_FOUND);
  if (row.status !== "clean")
    throw new HttpError(409, "This document is still being checked. Try again in a minute.");
  const body = await getDocumentStorage().open(row.key);
  if (!body) throw notFound(DOCUMENT_NOT_FOUND);
  return { body, name: row.name, contentType: row.contentType, size: row.size };
}

/**
 * Files without rows and rows without files: both lists are empty when storage and the database
 * agree (the tests' check; the sweeper deletes the first kind once older than an upload takes).
 */
export async function documentFileAudit(
  where: Prisma.ApplicationDocumentWhereInput = {},
): Promise<{ filesWithoutRow: string[]; rowsWithoutFile: string[] }> {
  const storage = getDocumentStorage();
  const stored = new Set<string>();
  for await (const key of storage.list()) stored.add(key);
  // Rows are read whole (a file is compared with every row); `where` narrows the rows checked for files.
  const rows = await prisma.applicationDocument.findMany({ select: { key: true } });
  const checked = new Set(
    (await prisma.applicationDocument.findMany({ where, select: { key: true } })).map((r) => r.key),
  );
  const known = new Set(rows.map((row) => row.key));
  return {
    filesWithoutRow: [...stored].filter((key) => !known.has(key)),
    rowsWithoutFile: [...checked].filter((key) => !stored.has(key)),
  };
}
