import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { IMAGE_TOO_LARGE } from "@/lib/images/sniff";
import { saveImage } from "@/lib/storage/storage";
import { UPLOAD_BODY_LIMIT, uploadedFile } from "@/lib/storage/upload";

// POST /api/uploads: one image per request, the raw body or a multipart `file` field (admins).
// Answers 201 { url, key, contentType, size }; the URL is what the university form saves.
export const POST = route({
  auth: "admin",
  body: "bytes" as const,
  bodyLimit: UPLOAD_BODY_LIMIT,
  tooLargeMessage: IMAGE_TOO_LARGE,
  handle: async ({ request, body }) => {
    const stored = await saveImage(await uploadedFile(body, request.headers.get("content-type")));
    return created(stored, stored.url);
  },
});
