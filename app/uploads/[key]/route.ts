import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route.server";
import { UPLOAD_CONTENT_SECURITY_POLICY } from "@/lib/http/security-headers";
import { IMMUTABLE_CACHE } from "@/lib/storage/driver";
import { getLocalStorage } from "@/lib/storage/storage.server";
import { uploadKeyParamsSchema } from "@/lib/validation/files";

// Uploaded images kept on this server's disk (lib/storage/local.server.ts). Keys are random and never
// reused, so the answer may be cached for a year. The type was decided from the file's bytes at
// upload; nosniff and a sandboxing CSP keep browsers from reading a file as anything else.

export const GET = route({
  auth: "public",
  params: uploadKeyParamsSchema,
  handle: async ({ request, params: { key } }) => {
    const file = await getLocalStorage().read(key);
    if (!file) throw notFound("File not found");
    const headers = {
      "Content-Type": file.contentType,
      "Cache-Control": IMMUTABLE_CACHE,
      ETag: `"${key}"`,
      "X-Content-Type-Options": "nosniff",
      // next.config.js sends the same policy on /uploads/*, errors included.
      "Content-Security-Policy": UPLOAD_CONTENT_SECURITY_POLICY,
    };
    if (request.headers.get("if-none-match") === `"${key}"`)
      return new Response(null, { status: 304, headers });
    return new Response(file.bytes as BodyInit, {
      headers: { ...headers, "Content-Length": String(file.bytes.byteLength) },
    });
  },
});
