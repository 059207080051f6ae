import "server-only";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from "pdf-lib";
import { HttpError } from "@/lib/http/errors";
import { sniffImageType } from "@/lib/images/sniff";
import {
  EMPTY_FILE,
  IMAGE_BOMB,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  PDF_EMBEDDED_FILES,
  PDF_ENCRYPTED,
  PDF_JAVASCRIPT,
  PDF_LAUNCH,
  PDF_UNREADABLE,
  POLYGLOT,
  wrongFileTypeMessage,
  type DocumentFileType,
} from "./limits";

// What an uploaded document really is, decided from its bytes, never its name or the browser's
// type: a whole PDF, JPEG or PNG that is nothing else besides. The file is read once, as it
// streams in (lib/documents/receive.server.ts): the scanner below sees every byte and keeps only
// the first and last bytes; a PDF is then parsed from the stored file (at most the per-file limit).

/** Bytes kept from the start of a file: the signatures, a PNG's IHDR, a JPEG's frame header. */
export const HEAD_BYTES = 64 * 1024;
/** Bytes kept from its end: the trailers (%%EOF, IEND, EOI) and a ZIP archive's directory end. */
export const TAIL_BYTES = 64 * 1024 + 22;
/** Where browsers and servers look for a web page's markers in a file of another type. */
const PDF_TEXT_MARKER_WINDOW = 1024;

/**
 * Markers of other formats: a ZIP member (a ZIP or an Office file appended to an image), and the
 * tags of a web page or script (HTML a browser might run if it ever ignored our content type).
 */
const BINARY_MARKERS = { zipEntry: "pk\x03\x04", zipEnd: "pk\x05\x06" } as const;
const TEXT_MARKERS = ["<script", "<html", "<!doctype html", "<svg", "<iframe", "<?php", "<body"] as const;
const LONGEST_MARKER = Math.max(...[...Object.values(BINARY_MARKERS), ...TEXT_MARKERS].map((m) => m.length));

/** What the scan of a whole file found: its size, first and last bytes, and markers, by offset. */
export interface ScannedFile {
  size: number;
  head: Uint8Array;
  tail: Uint8Array;
  /** Each marker's first and last offsets. */
  markers: Map<string, { first: number; last: number }>;
}

/** Reads a file in chunks without keeping it: size, head, tail, markers of other formats. */
export class DocumentScanner {
  private size = 0;
  private head: Uint8Array = new Uint8Array(0);
  private tail: Uint8Array = new Uint8Array(0);
  private carry = "";
  private readonly markers = new Map<string, { first: number; last: number }>();

  push(chunk: Uint8Array) {
    if (this.head.length < HEAD_BYTES) {
      this.head = concat(this.head, chunk.subarray(0, HEAD_BYTES - this.head.length));
    }
    const joined = concat(this.tail, chunk);
    this.tail = joined.subarray(Math.max(0, joined.length - TAIL_BYTES)).slice();
    // Latin-1 maps each byte to one character, so offsets in the text are offsets in the file.
    const text = (
      this.carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1")
    ).toLowerCase();
    const base = this.size - this.carry.length;
    for (const marker of [...Object.values(BINARY_MARKERS), ...TEXT_MARKERS]) {
      let at = text.indexOf(marker);
      while (at !== -1) {
        const offset = base + at;
        const seen = this.markers.get(marker);
        if (!seen) this.markers.set(marker, { first: offset, last: offset });
        else if (offset > seen.last) seen.last = offset;
        at = text.indexOf(marker, at + 1);
      }
    }
    this.carry = text.slice(-(LONGEST_MARKER - 1));
    this.size += chunk.byteLength;
  }

  result(): ScannedFile {
    return { size: this.size, head: this.head, tail: this.tail, markers: this.markers };
  }
}

export function scanBytes(bytes: Uint8Array, chunkSize = 64 * 1024): ScannedFile {
  const scanner = new DocumentScanner();
  for (let at = 0; at < bytes.length; at += chunkSize) scanner.push(bytes.subarray(at, at + chunkSize));
  return scanner.result();
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b.slice();
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function refuse(message: string, status = 422): never {
  throw new HttpError(status, message, { file: [message] });
}

/**
 * The checked type of a scanned file among `allowed`, or an HttpError: 415 when it is not a whole
 * file of an allowed type, 422 with the reason when it is but may not be kept (JavaScript, launch
 * actions or embedded files in a PDF, an image bomb, a polyglot). `readAll` gives the whole file,
 * asked for a PDF only.
 */
export async function checkDocument(
  file: ScannedFile,
  allowed: readonly string[],
  readAll: () => Promise<Uint8Array>,
): Promise<DocumentFileType> {
  if (file.size === 0) refuse(EMPTY_FILE, 400);
  const type = sniffDocumentType(file);
  if (!type || !allowed.includes(type)) refuse(wrongFileTypeMessage(allowed), 415);
  const zipEnd = file.markers.get(BINARY_MARKERS.zipEnd);
  if (zipEnd && zipEnd.last >= file.size - TAIL_BYTES) refuse(POLYGLOT);
  if (type === "application/pdf") {
    const pageMarker = TEXT_MARKERS.some(
      (marker) => (file.markers.get(marker)?.first ?? Infinity) < PDF_TEXT_MARKER_WINDOW,
    );
    if (pageMarker) refuse(POLYGLOT);
    await checkPdf(await readAll());
  } else {
    if (
      file.markers.has(BINARY_MARKERS.zipEntry) ||
      TEXT_MARKERS.some((marker) => file.markers.has(marker))
    ) {
      refuse(POLYGLOT);
    }
    const size = imageSize(file.head, type);
    if (!size) refuse(wrongFileTypeMessage(allowed), 415);
    const { width, height } = size;
    if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
      refuse(IMAGE_BOMB);
  }
  return type;
}

/** PDF by its header at the very start and %%EOF in its last bytes; JPEG or PNG whole. */
function sniffDocumentType({ size, head, tail }: ScannedFile): DocumentFileType | null {
  if (ascii(head, 0, 5) === "%PDF-" && /^[12]\.\d/.test(ascii(head, 5, 3))) {
    return ascii(tail, Math.max(0, tail.length - 1024), 1024).includes("%%EOF") ? "application/pdf" : null;
  }
  // The image check reads a file's start and end; head and tail are those (the whole file when short).
  const ends = size <= head.length ? head : concat(head, tail.subarray(Math.max(0, tail.length - 64)));
  const image = sniffImageType(ends);
  if (image?.mime === "image/jpeg" || image?.mime === "image/png") return image.mime;
  return null;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1", at, at + length);
}

/** An image's declared width and height: PNG's IHDR, or a JPEG's frame header (SOFn) within the head. */
export function imageSize(
  head: Uint8Array,
  type: "image/jpeg" | "image/png",
): { width: number; height: number } | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (type === "image/png")
    return head.length >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
  let at = 2;
  while (at + 4 <= head.length) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = view.getUint16(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > head.length) return null;
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    if (marker === 0xda || length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/**
 * Refuses a PDF that can run code or carry files: any object with JavaScript (a /JS entry, a
 * /JavaScript name tree or action), a /Launch action, or embedded files (/EmbeddedFiles, /EF, an
 * /EmbeddedFile stream). Every object is visited, those inside object streams too, so a
 * compressed object hides nothing; an encrypted PDF is refused, since its objects cannot be read.
 */
export async function checkPdf(bytes: Uint8Array): Promise<void> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch {
    refuse(PDF_UNREADABLE);
  }
  if (document.isEncrypted) refuse(PDF_ENCRYPTED);
  if (document.getPageCount() === 0) refuse(PDF_UNREADABLE);
  const found = new Set<string>();
  const visit = (object: PDFObject | undefined): void => {
    if (object instanceof PDFArray) return object.asArray().forEach(visit);
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (!dict) return;
    for (const [key, value] of dict.entries()) {
      const name = key.decodeText();
      if (name === "JS" || name === "JavaScript") found.add("javascript");
      if (name === "Launch") found.add("launch");
      if (name === "EmbeddedFiles" || name === "EF" || name === "EmbeddedFile") found.add("embedded");
      if (value instanceof PDFName) {
        const text = value.decodeText();
        if ((name === "S" || name === "Subtype") && text === "JavaScript") found.add("javascript");
        if (name === "S" && text === "Launch") found.add("launch");
        if ((name === "Type" || name === "Subtype") && (text === "EmbeddedFile" || text === "FileAttachment"))
          found.add("embedded");
      }
      if (value instanceof PDFDict || value instanceof PDFArray) visit(value);
    }
  };
  for (const [, object] of document.context.enumerateIndirectObjects()) visit(object);
  visit(document.catalog);
  if (found.has("javascript")) refuse(PDF_JAVASCRIPT);
  if (found.has("launch")) refuse(PDF_LAUNCH);
  if (found.has("embedded")) refuse(PDF_EMBEDDED_FILES);
}
