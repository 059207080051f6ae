import "server-only";
import { badRequest } from "@/lib/http/errors";
import { MAX_IMAGE_BYTES } from "@/lib/images/sniff";

// POST /api/uploads takes one image per request (so the browser can show each file's progress),
// either as the raw request body (any Content-Type) or as the `file` field of a multipart form.

/** The largest upload request: the image plus room for a form's boundaries and part headers. */
export const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;

/** The uploaded file's bytes out of a request body read by the route (size checked by saveImage). */
export async function uploadedFile(body: Uint8Array, contentType: string | null): Promise<Uint8Array> {
  const type = contentType ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) return body;
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw badRequest("The form could not be read.");
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw badRequest("Send the image in a field named file.");
  return new Uint8Array(await file.arrayBuffer());
}
