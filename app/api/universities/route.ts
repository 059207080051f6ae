import { cachedSearch } from "@/lib/cache/reads.server";
import { created, paged } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { createUniversity } from "@/lib/universities/commands.server";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { universitySchema } from "@/lib/validation/university";
import { universitySearchQuerySchema } from "@/lib/validation/university-search";

// A JSON array of universities; the total is in X-Total-Count. The same for every
// caller, so read through the search page's cache (admin writes expire it: lib/cache/tags.server.ts).
export const GET = route({
  auth: "public",
  query: universitySearchQuerySchema,
  handle: async ({ query: { limit, offset, sort, ...filters } }) =>
    paged(await cachedSearch(toSearchCriteria(filters), { sort, limit, offset })),
});

/** Admins who manage the catalogue add a university; the server derives its slug. 201 with the university. */
export const POST = route({
  auth: "admin",
  permission: "manage-catalogue",
  body: universitySchema,
  handle: async ({ viewer, body }) => {
    const university = await createUniversity(viewer, body);
    return created(university, `/api/universities/${university.id}`);
  },
});
