// What an uploaded file really is, decided from its bytes (never its name or Content-Type):
// JPEG, PNG, WebP or GIF, whole (not cut off). SVG is refused on purpose: it is a document that
// can carry scripts. Pure, so the browser (quick feedback) and the server (the real check) share it.

export const MAX_IMAGE_MB = 5;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MB * 1024 * 1024;

export const IMAGE_ONLY = "Please upload only image files";
export const IMAGE_TOO_LARGE = `File size should not exceed ${MAX_IMAGE_MB}MB`;
export const IMAGE_FAILED = "Error processing images";

export type ImageType = { mime: "image/jpeg" | "image/png" | "image/webp" | "image/gif"; ext: string };

const JPEG: ImageType = { mime: "image/jpeg", ext: "jpg" };
const PNG: ImageType = { mime: "image/png", ext: "png" };
const WEBP: ImageType = { mime: "image/webp", ext: "webp" };
const GIF: ImageType = { mime: "image/gif", ext: "gif" };

/** The content types we store, by the extension our keys carry. */
export const IMAGE_TYPES_BY_EXT: Record<string, ImageType["mime"]> = {
  jpg: JPEG.mime,
  png: PNG.mime,
  webp: WEBP.mime,
  gif: GIF.mime,
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function uint32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}

function uint32le(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

/** PNG: signature, an IHDR chunk first (13 bytes, non-zero size), and the IEND chunk at the end. */
function isPng(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 8 + 25 + 12) return false;
  if (uint32be(bytes, 8) !== 13 || ascii(bytes, 12, 4) !== "IHDR") return false;
  if (uint32be(bytes, 16) === 0 || uint32be(bytes, 20) === 0) return false;
  return ascii(bytes, bytes.length - 8, 4) === "IEND";
}

/** JPEG: SOI plus a marker at the start, EOI (FF D9) at the end (a few padding bytes allowed). */
function isJpeg(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff]) || bytes.length < 8) return false;
  const tail = Math.max(2, bytes.length - 16);
  for (let i = bytes.length - 2; i >= tail; i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

/** WebP: a RIFF container of type WEBP whose declared size the file holds, with a VP8 chunk. */
function isWebp(bytes: Uint8Array): boolean {
  if (bytes.length < 20 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return false;
  const riffSize = uint32le(bytes, 4);
  if (riffSize + 8 > bytes.length || riffSize < 12) return false;
  return ["VP8 ", "VP8L", "VP8X"].includes(ascii(bytes, 12, 4));
}

/** GIF: GIF87a/GIF89a header with a non-zero size, and the trailer byte (;) at the end. */
function isGif(bytes: Uint8Array): boolean {
  if (bytes.length < 14) return false;
  const header = ascii(bytes, 0, 6);
  if (header !== "GIF87a" && header !== "GIF89a") return false;
  const width = bytes[6] | (bytes[7] << 8);
  const height = bytes[8] | (bytes[9] << 8);
  return width > 0 && height > 0 && bytes[bytes.length - 1] === 0x3b;
}

/** The image type of `bytes`, or null when they are not a whole JPEG, PNG, WebP or GIF. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (isJpeg(bytes)) return JPEG;
  if (isPng(bytes)) return PNG;
  if (isWebp(bytes)) return WEBP;
  if (isGif(bytes)) return GIF;
  return null;
}

/** The message for a file that may not be stored, or null when it is a whole image within the limit. */
export function imageProblem(bytes: Uint8Array): string | null {
  if (bytes.length > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return sniffImageType(bytes) ? null : IMAGE_ONLY;
}

/**
 * The browser's quick check of a chosen file: its declared type first (no need to read a video),
 * then its size, then its bytes. The server checks the bytes again.
 */
export async function checkImageFile(file: Blob & { type: string }): Promise<string | null> {
  if (file.type && (!file.type.startsWith("image/") || file.type === "image/svg+xml")) return IMAGE_ONLY;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return imageProblem(new Uint8Array(await file.arrayBuffer()));
}
