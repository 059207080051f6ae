import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { IMAGE_TOO_LARGE } from "@/lib/images/sniff";
import { getStorage, saveImage } from "@/lib/storage/storage.server";
import { recordUpload } from "@/lib/storage/uploads.server";
import { UPLOAD_BODY_LIMIT, uploadedFile } from "@/lib/storage/upload.server";

// POST /api/uploads: one image per request, the raw body or a multipart `file` field (admins who
// manage the catalogue).
// Answers 201 { url, key, contentType, size }; the URL is what the university form saves. Recorded
// in the uploads table: unless a university uses it, the file is deleted after a grace period.
export const POST = route({
  auth: "admin",
  permission: "manage-catalogue",
  body: "bytes" as const,
  bodyLimit: UPLOAD_BODY_LIMIT,
  tooLargeMessage: IMAGE_TOO_LARGE,
  handle: async ({ request, body }) => {
    const bytes = await uploadedFile(body, request.headers.get("content-type"));
    const stored = await saveImage(bytes, getStorage(), recordUpload);
    return created(stored, stored.url);
  },
});
