import { requireUser } from "@/lib/auth/session";
import { submitApplication } from "@/lib/applications/commands";
import { listApplications } from "@/lib/applications/queries";
import { parseJson, parseQuery, route } from "@/lib/http/route";
import { applicationSchema, applicationsListQuerySchema } from "@/lib/validation/application";

// SPEC §7: POST /api/applications submits (always pending; the student is the signed-in user).
export const POST = route(async (request) => {
  const viewer = await requireUser();
  const input = await parseJson(request, applicationSchema());
  return Response.json(await submitApplication(viewer.id, input), { status: 201 });
});

// A student gets their own applications; an admin gets everyone's, filtered and paged.
export const GET = route(async (request) => {
  const viewer = await requireUser();
  const query = parseQuery(request, applicationsListQuerySchema);
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
