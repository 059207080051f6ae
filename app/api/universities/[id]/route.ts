import { notFound } from "@/lib/http/errors";
import { parseParams, route } from "@/lib/http/route";
import { getUniversityById } from "@/lib/universities/queries";
import { idParamsSchema } from "@/lib/validation/common";

export const GET = route<{ id: string }>(async (_request, context) => {
  const { id } = await parseParams(context, idParamsSchema);
  const university = await getUniversityById(id);
  if (!university) throw notFound("University not found");
  return Response.json(university);
});
