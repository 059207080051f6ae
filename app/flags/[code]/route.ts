import { loadFlag } from "@/lib/countries/flags.server";
import { notFound } from "@/lib/http/errors";
import { route } from "@/lib/http/route.server";
import { flagParamsSchema } from "@/lib/validation/files";

/** GET /flags/fr.svg: the flag of France. */
export const GET = route({
  auth: "public",
  params: flagParamsSchema,
  handle: async ({ params }) => {
    const svg = params.code ? await loadFlag(params.code) : null;
    if (!svg) throw notFound("Unknown flag");
    return new Response(svg, {
      headers: {
        "Content-Type": "image/svg+xml",
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
