import { deleteDraft, draftDataSchema, getDraft, saveDraft } from "@/lib/applications/drafts";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { programIdParamsSchema } from "@/lib/validation/common";

// The signed-in student's draft for one program: GET (null when there is none), PUT, DELETE.

export const GET = route({
  auth: "user",
  params: programIdParamsSchema,
  handle: ({ viewer, params }) => getDraft(viewer.id, params.programId),
});

export const PUT = route({
  auth: "user",
  params: programIdParamsSchema,
  body: draftDataSchema,
  handle: ({ viewer, params, body }) => saveDraft(viewer.id, params.programId, body),
});

export const DELETE = route({
  auth: "user",
  params: programIdParamsSchema,
  handle: async ({ viewer, params }) => {
    await deleteDraft(viewer.id, params.programId);
    return noContent();
  },
});
