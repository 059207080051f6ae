import { requireRole } from "@/lib/auth/session";
import { parseJson, parseQuery, route } from "@/lib/http/route";
import { createUserAsAdmin, listUsers } from "@/lib/users/admin";
import { adminCreateUserSchema, usersListQuerySchema } from "@/lib/validation/users";

// GET /api/users (SPEC §7, admin list): ?q= (full name, e-mail or username), ?role=all|user|admin,
// ?limit=&offset=; the total is in X-Total-Count. Any admin.
export const GET = route(async (request) => {
  await requireRole("admin");
  const query = parseQuery(request, usersListQuerySchema);
  const page = await listUsers({
    search: query.q || undefined,
    role: query.role,
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

// POST /api/users (Add User): a student (any admin) or an admin (super admins only).
export const POST = route(async (request) => {
  const viewer = await requireRole("admin");
  const input = await parseJson(request, adminCreateUserSchema);
  return Response.json(await createUserAsAdmin(viewer, input), { status: 201 });
});
