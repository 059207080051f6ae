// The rules of uploaded documents that the browser and the server share: the file types a
// document may be, the limits and their messages. The server checks every file again by content
// (lib/documents/check.server.ts); nothing here trusts a name or a browser's type.

export const DOCUMENT_FILE_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];

export const FILE_TYPE_LABELS: Record<DocumentFileType, string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
};

/** The extension a stored document's key gets, by its checked type. */
export const FILE_TYPE_EXTENSIONS: Record<DocumentFileType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

export const MEGABYTE = 1024 * 1024;
/** The largest file of any document; a document type may set a smaller one. */
export const MAX_DOCUMENT_BYTES = 10 * MEGABYTE;
/** The most the documents of one application may weigh together. */
export const MAX_APPLICATION_DOCUMENTS_BYTES = 50 * MEGABYTE;
/**
 * The most pixels an image may decode to, and its longest side: a small file that decodes to a
 * huge bitmap (an image bomb) would exhaust the memory of whoever opens it.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 20_000;
/** The longest file name kept (longer ones are cut, keeping the extension). */
export const MAX_DOCUMENT_NAME = 120;

/** "10 MB", "2.5 MB": a size in the units of the limits. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / MEGABYTE;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** A file's size as a person reads it: "240 KB" under a megabyte, "2.5 MB" from one up. */
export function formatFileSize(bytes: number): string {
  return bytes < MEGABYTE ? `${Math.max(1, Math.round(bytes / 1024))} KB` : formatMegabytes(bytes);
}

export function fileTooLargeMessage(limit: number): string {
  return `The file is larger than ${formatMegabytes(limit)}, the limit for this document.`;
}

export function applicationTooLargeMessage(remaining: number): string {
  return (
    `The documents of one application may not exceed ${formatMegabytes(MAX_APPLICATION_DOCUMENTS_BYTES)} together; ` +
    `${formatMegabytes(Math.max(0, remaining))} is left. Delete or replace a document first.`
  );
}

/** "PDF", "PDF or JPEG", "PDF, JPEG or PNG". */
export function fileTypesLabel(types: readonly string[]): string {
  const labels = DOCUMENT_FILE_TYPES.filter((type) => types.includes(type)).map(
    (type) => FILE_TYPE_LABELS[type],
  );
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} or ${labels[labels.length - 1]}`;
}

export function wrongFileTypeMessage(types: readonly string[]): string {
  return `This document must be a ${fileTypesLabel(types)} file (checked by its content, not its name).`;
}

export const PDF_JAVASCRIPT =
  "This PDF contains JavaScript, which we do not accept. Save or print it as a new PDF and upload that.";
export const PDF_LAUNCH =
  "This PDF contains an action that opens other files or programs, which we do not accept. Save or print it as a new PDF and upload that.";
export const PDF_EMBEDDED_FILES =
  "This PDF has files embedded in it, which we do not accept. Upload each document on its own.";
export const PDF_ENCRYPTED =
  "This PDF is protected by a password or encrypted, so it cannot be checked. Remove the protection and upload it again.";
export const PDF_UNREADABLE = "This PDF could not be read. Save it again as a PDF and upload that.";
export const POLYGLOT =
  "This file is also readable as another kind of file (for example an archive or a web page), which we do not accept.";
export const IMAGE_BOMB = `This image is too large in pixels (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels, ${MAX_IMAGE_SIDE} pixels a side). Scan or save it at a lower resolution.`;
export const EMPTY_FILE = "The file is empty.";

/**
 * A file name safe to keep and show: its last path segment (no folder names, whichever slash),
 * without control or invisible formatting characters (such as the right-to-left override that
 * disguises an extension), blank space collapsed, no leading dots, at most MAX_DOCUMENT_NAME
 * characters; "document" when nothing is left.
 */
export function safeDocumentName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? "";
  const cleaned = lastSegment
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .trim();
  if (!cleaned) return "document";
  const characters = Array.from(cleaned);
  if (characters.length <= MAX_DOCUMENT_NAME) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 6 ? cleaned.slice(dot) : "";
  return characters.slice(0, MAX_DOCUMENT_NAME - extension.length).join("") + extension;
}
