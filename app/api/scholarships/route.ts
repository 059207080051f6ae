import { cachedScholarshipSearch } from "@/lib/cache/reads.server";
import { created, paged } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { createScholarship, loadScholarshipSchema } from "@/lib/scholarships/commands.server";
import { toScholarshipCriteria } from "@/lib/scholarships/criteria";
import { scholarshipSearchQuerySchema } from "@/lib/scholarships/search-params";

// A JSON array of live scholarships matching the search's filters (/scholarships reads the same
// keys); the total is in X-Total-Count. The same for every caller, so read through the search
// page's cache (admin writes expire it: lib/cache/tags.server.ts).
export const GET = route({
  auth: "public",
  query: scholarshipSearchQuerySchema,
  handle: async ({ query: { limit, offset, sort, ...filters } }) =>
    paged(await cachedScholarshipSearch(toScholarshipCriteria(filters), { sort, limit, offset })),
});

/** Admins who manage the catalogue add a scholarship. 201 with it. */
export const POST = route({
  auth: "admin",
  permission: "manage-catalogue",
  body: () => loadScholarshipSchema(),
  handle: async ({ viewer, body }) => {
    const scholarship = await createScholarship(viewer, body);
    return created(scholarship, `/api/scholarships/${scholarship.id}`);
  },
});
