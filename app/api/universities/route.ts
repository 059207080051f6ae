import { created, paged } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { createUniversity } from "@/lib/universities/commands";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { searchUniversities } from "@/lib/universities/search";
import { universitySchema } from "@/lib/validation/university";
import { universitySearchQuerySchema } from "@/lib/validation/university-search";

// SPEC §7: a JSON array of universities; the total is in X-Total-Count.
export const GET = route({
  auth: "public",
  query: universitySearchQuerySchema,
  handle: async ({ query: { limit, offset, sort, ...filters } }) =>
    paged(await searchUniversities(toSearchCriteria(filters), { sort, limit, offset })),
});

/** Admins add a university (SPEC §7); the server derives its slug. 201 with the university. */
export const POST = route({
  auth: "admin",
  body: universitySchema,
  handle: async ({ viewer, body }) => {
    const university = await createUniversity(viewer, body);
    return created(university, `/api/universities/${university.id}`);
  },
});
