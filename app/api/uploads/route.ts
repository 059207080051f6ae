import { requireRole } from "@/lib/auth/session";
import { HttpError, badRequest } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "@/lib/images/sniff";
import { saveImage } from "@/lib/storage/storage";

// POST /api/uploads: one image per request (so the browser can show each file's progress), sent
// as the raw request body (any Content-Type) or as the `file` field of a multipart form. Admins
// only. Answers 201 { url, key, contentType, size }; the URL is what the university form saves.

const tooLarge = () => new HttpError(413, IMAGE_TOO_LARGE);

/** The body, read up to `limit` bytes: a longer body is refused without reading it all. */
async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
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

async function fileOf(request: Request): Promise<Uint8Array> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) return readBody(request, MAX_IMAGE_BYTES);
  // A form adds its boundaries and headers to the file: allow a little more than the limit.
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES + 64 * 1024) throw tooLarge();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest("The form could not be read.");
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw badRequest("Send the image in a field named file.");
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  return new Uint8Array(await file.arrayBuffer());
}

export const POST = route(async (request) => {
  await requireRole("admin");
  const stored = await saveImage(await fileOf(request));
  return Response.json(stored, { status: 201, headers: { Location: stored.url } });
});
