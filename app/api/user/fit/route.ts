import { cachedRates } from "@/lib/cache/reads.server";
import { fitOfPrograms } from "@/lib/fit/queries.server";
import { route } from "@/lib/http/route.server";
import { fitQuerySchema } from "@/lib/validation/fit";

// GET /api/user/fit?programs=3,8,12 -> how the signed-in user's study profile fits each program:
// { fits: { "<id>": FitResult[] } }, or { fits: null } when the profile holds nothing to check.
// The public pages that show programs are cached for everyone, so their cards ask for this from
// the browser (components/programs/fit-check.tsx); the rules run here, where the profile and the
// program's requirements are, and an unknown or deleted program is simply not in the answer.
export const GET = route({
  auth: "user",
  query: fitQuerySchema,
  handle: async ({ viewer, query }) => {
    const fits = await fitOfPrograms(viewer.id, query.programs, new Date(), await cachedRates());
    return { fits: fits && Object.fromEntries(fits) };
  },
});
