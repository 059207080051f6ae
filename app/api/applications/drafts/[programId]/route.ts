import { deleteDraft, draftSaveSchema, getDraft, saveDraft } from "@/lib/applications/drafts.server";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { programIdParamsSchema } from "@/lib/validation/common";

// The signed-in student's draft for one program: GET (null when there is none), PUT (with the
// version the form's copy came from: 409 when a newer one was saved since), DELETE.

export const GET = route({
  auth: "user",
  params: programIdParamsSchema,
  handle: ({ viewer, params }) => getDraft(viewer.id, params.programId),
});

export const PUT = route({
  auth: "user",
  params: programIdParamsSchema,
  body: draftSaveSchema,
  handle: ({ viewer, params, body: { version, ...data } }) =>
    saveDraft(viewer.id, params.programId, data, version),
});

export const DELETE = route({
  auth: "user",
  params: programIdParamsSchema,
  handle: async ({ viewer, params }) => {
    await deleteDraft(viewer.id, params.programId);
    return noContent();
  },
});
