import { deleteDraftDocument, uploadDraftDocument } from "@/lib/documents/commands.server";
import { MAX_DOCUMENT_BYTES, fileTooLargeMessage } from "@/lib/documents/limits";
import { declaredLength } from "@/lib/documents/receive.server";
import { created, noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { documentUploadQuerySchema, draftDocumentParamsSchema } from "@/lib/validation/documents";

// One document of the signed-in student's draft for a program, by document type id.
// PUT: the file itself is the body (any Content-Type; the content decides what it is), its name
// in ?name=; it replaces the draft's document of that type. 413 (with the limit's figure) the
// moment the body passes the type's limit or what the application has left of its total; 415
// for a file of another type; 422 for a PDF with JavaScript, launch actions or embedded files, an
// image bomb or a polyglot. The body is streamed, never read whole into memory.
// DELETE: removes the draft's document of that type. A submitted application's documents are not
// reached here.

export const PUT = route({
  auth: "user",
  params: draftDocumentParamsSchema,
  query: documentUploadQuerySchema,
  bodyLimit: MAX_DOCUMENT_BYTES,
  tooLargeMessage: fileTooLargeMessage(MAX_DOCUMENT_BYTES),
  handle: async ({ request, viewer, params, query }) => {
    const document = await uploadDraftDocument(
      viewer,
      params.programId,
      params.typeId,
      query.name,
      request.body,
      declaredLength(request),
    );
    return created(document, `/api/documents/${document.id}`);
  },
});

export const DELETE = route({
  auth: "user",
  params: draftDocumentParamsSchema,
  handle: async ({ viewer, params }) => {
    await deleteDraftDocument(viewer, params.programId, params.typeId);
    return noContent();
  },
});
