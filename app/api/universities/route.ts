import { requireRole } from "@/lib/auth/session";
import { parseJson, parseQuery, route } from "@/lib/http/route";
import { createUniversity } from "@/lib/universities/commands";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { searchUniversities } from "@/lib/universities/search";
import { universitySchema } from "@/lib/validation/university";
import { universitySearchQuerySchema } from "@/lib/validation/university-search";

// SPEC §7: a JSON array of universities; the total is in X-Total-Count.
export const GET = route(async (request) => {
  const { limit, offset, sort, ...filters } = parseQuery(request, universitySearchQuerySchema);
  const page = await searchUniversities(toSearchCriteria(filters), { sort, limit, offset });
  return Response.json(page.items, {
    headers: { "X-Total-Count": String(page.total), "Access-Control-Expose-Headers": "X-Total-Count" },
  });
});

/** Admins add a university (SPEC §7); the server derives its slug. 201 with the university. */
export const POST = route(async (request) => {
  await requireRole("admin");
  const input = await parseJson(request, universitySchema);
  const university = await createUniversity(input);
  return Response.json(university, {
    status: 201,
    headers: { Location: `/api/universities/${university.id}` },
  });
});
