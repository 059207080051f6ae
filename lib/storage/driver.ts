// Where uploaded files live. The database keeps each file's URL (never its bytes); a driver stores
// the bytes under a key and knows the URL it serves them at, and which of its URLs a string is.

/** Keys are random (32 hex digits) with the extension of the sniffed type: never reused, never guessed. */
export const KEY_PATTERN = /^[a-f0-9]{32}\.(jpg|png|webp|gif)$/;

export interface StorageDriver {
  readonly kind: "local" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes the file; a file that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** The URL browsers read the file at. */
  url(key: string): string;
  /** The key of a URL this driver handed out, or null for any other string. */
  keyOf(url: string): string | null;
}

/** Stored files never change (a new upload gets a new key), so they may be cached for a year. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

export function assertKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** A private document's key: random, with the extension of its checked type. */
export const DOCUMENT_KEY_PATTERN = /^[a-f0-9]{32}\.(pdf|jpg|png)$/;

/**
 * Where students' documents live: never under the public image path or a public bucket, never
 * cached. Nothing hands out a URL of them; the document route reads a file for whoever may see it.
 */
export interface PrivateStorageDriver {
  readonly kind: "local" | "s3";
  /** Copies a finished file of this server's disk (a checked upload) into storage under `key`. */
  putFile(key: string, path: string, contentType: string, size: number): Promise<void>;
  /** The file's bytes as a stream, or null when there is no such file. */
  open(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the file; a file that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every key stored, for the check that each file has its row. */
  list(): AsyncIterable<string>;
}

export function assertDocumentKey(key: string) {
  if (!DOCUMENT_KEY_PATTERN.test(key)) throw new Error(`Invalid document key: ${JSON.stringify(key)}`);
}
