import { uploadReference } from "@/lib/references/commands.server";
import { fileTooLargeMessage, MAX_DOCUMENT_BYTES } from "@/lib/documents/limits";
import { route } from "@/lib/http/route.server";
import { documentUploadQuerySchema } from "@/lib/validation/documents";
import { referenceTokenParamsSchema } from "@/lib/validation/references";

// A referee uploads their reference as a PDF, through the link's token (no account): the file is
// the raw body, its name in ?name=, streamed and checked as students' documents are (413 past the
// limit, 415 for another type, 422 for a PDF with JavaScript, launch actions or embedded files).
// It answers the request: the link is spent (409 the second time, 410 once expired or replaced).
// A token that names no request is 404 "not valid", saying nothing more. The log line names the
// route, never the token.

export const PUT = route({
  auth: "public",
  logPath: "/api/references/[token]/document",
  params: referenceTokenParamsSchema,
  query: documentUploadQuerySchema,
  bodyLimit: MAX_DOCUMENT_BYTES,
  tooLargeMessage: fileTooLargeMessage(MAX_DOCUMENT_BYTES),
  handle: async ({ request, params, query }) => {
    const declared = Number(request.headers.get("content-length"));
    const document = await uploadReference(
      params.token,
      query.name,
      request.body,
      request.headers.has("content-length") && Number.isFinite(declared) ? declared : null,
    );
    return Response.json(document, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
});
