import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route.server";
import { currentSlugOf, getUniversityBySlug } from "@/lib/universities/queries.server";
import { slugParamsSchema } from "@/lib/validation/university";

// A university renamed since a client stored its slug is still found: the old slug answers a
// permanent redirect to the current one, as its page does, so that clients update what they keep.
export const GET = route({
  auth: "public",
  params: slugParamsSchema,
  handle: async ({ params }) => {
    const university = await getUniversityBySlug(params.slug);
    if (university) return university;
    const current = await currentSlugOf(params.slug);
    if (current)
      return new Response(null, {
        status: 308,
        headers: { Location: `/api/universities/by-slug/${encodeURIComponent(current)}` },
      });
    throw notFound("University not found");
  },
});
