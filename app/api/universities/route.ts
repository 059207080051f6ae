import { route, parseQuery } from "@/lib/http/route";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { searchUniversities } from "@/lib/universities/search";
import { universitySearchQuerySchema } from "@/lib/validation/university-search";

// SPEC §7: a JSON array of universities; the total is in X-Total-Count.
export const GET = route(async (request) => {
  const { limit, offset, sort, ...filters } = parseQuery(request, universitySearchQuerySchema);
  const page = await searchUniversities(toSearchCriteria(filters), { sort, limit, offset });
  return Response.json(page.items, {
    headers: { "X-Total-Count": String(page.total), "Access-Control-Expose-Headers": "X-Total-Count" },
  });
});
