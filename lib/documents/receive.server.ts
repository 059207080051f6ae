import "server-only";
import { randomBytes } from "node:crypto";
import { open, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HttpError } from "@/lib/http/errors";
import { DocumentScanner, type ScannedFile } from "./check.server";

// An upload's body streamed to a temporary file, chunk by chunk, never held whole in memory: the
// limit is enforced as the bytes arrive (the upload is cut off the moment it passes it, whatever
// Content-Length claimed), and the scanner of the content check sees each chunk on the way.

export interface ReceivedFile extends ScannedFile {
  /** The temporary file; the caller removes it (`discard`). */
  path: string;
}

export async function receiveFile(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: () => HttpError,
): Promise<ReceivedFile> {
  const path = join(tmpdir(), `unisearch-document-${randomBytes(12).toString("hex")}`);
  const file = await open(path, "wx", 0o600);
  const scanner = new DocumentScanner();
  let size = 0;
  try {
    if (body) {
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limit) {
          await reader.cancel();
          throw tooLarge();
        }
        scanner.push(value);
        await file.write(value);
      }
    }
    await file.close();
    return { ...scanner.result(), path };
  } catch (error) {
    await file.close().catch(() => {});
    await discard(path);
    throw error;
  }
}

/** Removes a temporary file; one already gone is fine. */
export async function discard(path: string): Promise<void> {
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
}

/**
 * The size a request says its body has (Content-Length), or null when it says none or nonsense: an
 * upload larger than allowed is refused before a byte is read, and cut off while it streams anyway.
 */
export function declaredLength(request: Request): number | null {
  const declared = Number(request.headers.get("content-length"));
  return request.headers.has("content-length") && Number.isFinite(declared) ? declared : null;
}
