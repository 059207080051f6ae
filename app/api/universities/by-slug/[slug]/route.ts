import { z } from "zod";
import { notFound } from "@/lib/http/errors";
import { parseParams, route } from "@/lib/http/route";
import { getUniversityBySlug } from "@/lib/universities/queries";

const paramsSchema = z.object({
  slug: z
    .string()
    .max(300, "The slug is too long")
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "A slug has lowercase letters, digits and single hyphens"),
});

export const GET = route<{ slug: string }>(async (_request, context) => {
  const { slug } = await parseParams(context, paramsSchema);
  const university = await getUniversityBySlug(slug);
  if (!university) throw notFound("University not found");
  return Response.json(university);
});
