import { canSeeAllApplications } from "@/lib/auth/policy";
import { submitApplication } from "@/lib/applications/commands.server";
import { listApplications } from "@/lib/applications/queries.server";
import { created, paged } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { applicationSchema, applicationsListQuerySchema } from "@/lib/validation/application";

// POST /api/applications submits (always pending; the student is the signed-in user).
export const POST = route({
  auth: "user",
  // A function, so the graduation year's upper bound is this year at the time of the request.
  body: () => applicationSchema(),
  handle: async ({ viewer, body }) => created(await submitApplication(viewer.id, body)),
});

// A student gets their own applications; an admin gets everyone's, filtered and paged.
export const GET = route({
  auth: "user",
  query: applicationsListQuerySchema,
  handle: async ({ viewer, query }) =>
    paged(
      await listApplications({
        userId: canSeeAllApplications(viewer) ? undefined : viewer.id,
        status: query.status === "all" ? undefined : query.status,
        requests: query.requests === "all" ? undefined : query.requests,
        search: query.q || undefined,
        limit: query.limit,
        offset: query.offset,
      }),
    ),
});
