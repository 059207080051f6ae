import { requireRole } from "@/lib/auth/session";
import { notFound } from "@/lib/http/errors";
import { parseJson, parseParams, route } from "@/lib/http/route";
import { deleteUniversity, removeUnusedImages, updateUniversity } from "@/lib/universities/commands";
import { getUniversityById } from "@/lib/universities/queries";
import { idParamsSchema } from "@/lib/validation/common";
import { universitySchema } from "@/lib/validation/university";

type Params = { id: string };

export const GET = route<Params>(async (_request, context) => {
  const { id } = await parseParams(context, idParamsSchema);
  const university = await getUniversityById(id);
  if (!university) throw notFound("University not found");
  return Response.json(university);
});

/** Admins change a university (the University form's values); the slug follows a new name. */
export const PATCH = route<Params>(async (request, context) => {
  await requireRole("admin");
  const { id } = await parseParams(context, idParamsSchema);
  const input = await parseJson(request, universitySchema);
  const { university, droppedImages } = await updateUniversity(id, input);
  // Best effort, after the change is saved: never fails the request.
  await removeUnusedImages(droppedImages);
  return Response.json(university);
});

/** Admins delete a university with its programs and their applications. */
export const DELETE = route<Params>(async (_request, context) => {
  await requireRole("admin");
  const { id } = await parseParams(context, idParamsSchema);
  const { droppedImages } = await deleteUniversity(id);
  await removeUnusedImages(droppedImages);
  return new Response(null, { status: 204 });
});
