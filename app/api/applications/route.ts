import { canSeeAllApplications } from "@/lib/auth/policy";
import { submitApplication } from "@/lib/applications/commands.server";
import { listApplications, listApplicationsByIds } from "@/lib/applications/queries.server";
import { queuePage } from "@/lib/applications/queue.server";
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

// Staff get the team's workspace: every application, by the workspace's filters, in the queue's
// order unless ?order=newest (lib/applications/queue.server.ts, as /admin/applications lists them).
// A student gets their own, newest first, by ?status=, ?requests= and ?q=.
export const GET = route({
  auth: "user",
  query: applicationsListQuerySchema,
  handle: async ({ viewer, query }) => {
    const { limit, offset, ...filters } = query;
    if (canSeeAllApplications(viewer)) {
      const page = await queuePage(filters, viewer, { limit, offset });
      return paged({ items: await listApplicationsByIds(page.ids), total: page.total });
    }
    return paged(
      await listApplications({
        userId: viewer.id,
        status: query.status === "all" ? undefined : query.status,
        requests: query.requests === "all" ? undefined : query.requests,
        search: query.q || undefined,
        limit,
        offset,
      }),
    );
  },
});
