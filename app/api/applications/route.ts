import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { submitApplication } from "@/lib/applications/commands";
import { listApplications } from "@/lib/applications/queries";
import { APPLICATION_STATUSES } from "@/lib/applications/status";
import { parseJson, parseQuery, route } from "@/lib/http/route";
import { applicationSchema } from "@/lib/validation/application";
import { pagingSchema } from "@/lib/validation/common";

// SPEC §7: POST /api/applications submits (always pending; the student is the signed-in user).
export const POST = route(async (request) => {
  const viewer = await requireUser();
  const input = await parseJson(request, applicationSchema());
  return Response.json(await submitApplication(viewer.id, input), { status: 201 });
});

const listQuerySchema = pagingSchema.extend({
  status: z
    .enum(["all", ...APPLICATION_STATUSES], {
      error: `status must be 'all' or one of: ${APPLICATION_STATUSES.join(", ")}`,
    })
    .default("all"),
  q: z.string().trim().max(200, "q must be at most 200 characters").optional(),
});

// A student gets their own applications; an admin gets everyone's, filtered and paged.
export const GET = route(async (request) => {
  const viewer = await requireUser();
  const query = parseQuery(request, listQuerySchema);
  const page = await listApplications({
    userId: viewer.role === "admin" ? undefined : viewer.id,
    status: query.status === "all" ? undefined : query.status,
    search: query.q || undefined,
    limit: query.limit,
    offset: query.offset,
  });
  return Response.json(page.items, {
    headers: {
      "X-Total-Count": String(page.total),
      "Access-Control-Expose-Headers": "X-Total-Count",
      "Cache-Control": "private, no-store",
    },
  });
});
