import "server-only";
import type { HttpError } from "./errors";

/**
 * The request body, read up to `limit` bytes: a longer one is refused (`tooLarge()`) as soon as
 * it passes the limit, without reading the rest, whatever Content-Length claimed.
 */
export async function readBody(
  request: Request,
  limit: number,
  tooLarge: () => HttpError,
): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
