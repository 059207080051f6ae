import { notFound } from "@/lib/http/errors";
import { parseParams, route } from "@/lib/http/route";
import { getUniversityBySlug } from "@/lib/universities/queries";
import { slugParamsSchema } from "@/lib/validation/university";

export const GET = route<{ slug: string }>(async (_request, context) => {
  const { slug } = await parseParams(context, slugParamsSchema);
  const university = await getUniversityBySlug(slug);
  if (!university) throw notFound("University not found");
  return Response.json(university);
});
