import { listDraftDocuments } from "@/lib/documents/commands.server";
import { route } from "@/lib/http/route.server";
import { programIdParamsSchema } from "@/lib/validation/common";

// The signed-in student's documents on the draft for one program (not yet submitted).

export const GET = route({
  auth: "user",
  params: programIdParamsSchema,
  handle: ({ viewer, params }) => listDraftDocuments(viewer.id, params.programId),
});
