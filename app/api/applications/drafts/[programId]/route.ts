import { deleteDraft, draftDataSchema, getDraft, saveDraft } from "@/lib/applications/drafts";
import { requireUser } from "@/lib/auth/session";
import { parseJson, parseParams, route } from "@/lib/http/route";
import { programIdParamsSchema } from "@/lib/validation/common";

// The signed-in student's draft for one program: GET (null when there is none), PUT, DELETE.

type Params = { programId: string };

export const GET = route<Params>(async (_request, context) => {
  const viewer = await requireUser();
  const { programId } = await parseParams(context, programIdParamsSchema);
  return Response.json(await getDraft(viewer.id, programId), {
    headers: { "Cache-Control": "private, no-store" },
  });
});

export const PUT = route<Params>(async (request, context) => {
  const viewer = await requireUser();
  const { programId } = await parseParams(context, programIdParamsSchema);
  const data = await parseJson(request, draftDataSchema);
  return Response.json(await saveDraft(viewer.id, programId, data));
});

export const DELETE = route<Params>(async (_request, context) => {
  const viewer = await requireUser();
  const { programId } = await parseParams(context, programIdParamsSchema);
  await deleteDraft(viewer.id, programId);
  return new Response(null, { status: 204 });
});
