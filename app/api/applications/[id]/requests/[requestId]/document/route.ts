import { uploadRequestedDocument } from "@/lib/applications/requests.server";
import { MAX_DOCUMENT_BYTES, fileTooLargeMessage } from "@/lib/documents/limits";
import { declaredLength } from "@/lib/documents/receive.server";
import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { requestParamsSchema } from "@/lib/validation/application";
import { documentUploadQuerySchema } from "@/lib/validation/documents";

// The student uploads the document an open request of their application asks for: the file
// itself is the body, its name in ?name=, streamed and checked as a draft's document is (413, 415,
// 422 alike). It is a new version: the application's documents stay as they were. 404 for another's
// application or request; 409 for a request answered, closed or asking for a correction, or a
// closed application.

export const PUT = route({
  auth: "user",
  params: requestParamsSchema,
  query: documentUploadQuerySchema,
  bodyLimit: MAX_DOCUMENT_BYTES,
  tooLargeMessage: fileTooLargeMessage(MAX_DOCUMENT_BYTES),
  handle: async ({ request, viewer, params, query }) => {
    const document = await uploadRequestedDocument(
      viewer,
      params.id,
      params.requestId,
      query.name,
      request.body,
      declaredLength(request),
    );
    return created(document, `/api/documents/${document.id}`);
  },
});
