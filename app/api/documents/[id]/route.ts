import { openDocument } from "@/lib/documents/commands.server";
import { UPLOAD_CONTENT_SECURITY_POLICY } from "@/lib/http/security-headers";
import { route } from "@/lib/http/route.server";
import { idParamsSchema } from "@/lib/validation/common";

// A student's document, for its owner and, once the application is submitted, staff: always a
// download (never shown in the page's origin), never sniffed, run in a sandbox if opened anyway,
// and never stored by a browser or a shared cache. Anyone else gets 404, as for a missing id.

export const GET = route({
  auth: "user",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    const document = await openDocument(viewer, params.id);
    return new Response(document.body, {
      headers: {
        "Content-Type": document.contentType,
        "Content-Length": String(document.size),
        "Content-Disposition": contentDisposition(document.name),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": UPLOAD_CONTENT_SECURITY_POLICY,
        "Cache-Control": "private, no-store",
      },
    });
  },
});

/** attachment, with an ASCII fallback name and the real one in RFC 5987 form. */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
