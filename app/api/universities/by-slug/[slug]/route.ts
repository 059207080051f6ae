import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route.server";
import { getUniversityBySlug } from "@/lib/universities/queries.server";
import { slugParamsSchema } from "@/lib/validation/university";

export const GET = route({
  auth: "public",
  params: slugParamsSchema,
  handle: async ({ params }) => {
    const university = await getUniversityBySlug(params.slug);
    if (!university) throw notFound("University not found");
    return university;
  },
});
