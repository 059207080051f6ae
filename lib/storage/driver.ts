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
