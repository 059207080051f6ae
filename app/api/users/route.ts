import { created, paged } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { createUserAsAdmin, listUsers } from "@/lib/users/admin.server";
import { adminCreateUserSchema, usersListQuerySchema } from "@/lib/validation/users";

// GET /api/users (admin list): ?q= (full name, e-mail or username), ?role=all|user|admin,
// ?limit=&offset=; the total is in X-Total-Count. Any admin.
export const GET = route({
  auth: "admin",
  query: usersListQuerySchema,
  handle: async ({ query }) =>
    paged(
      await listUsers({
        search: query.q || undefined,
        role: query.role,
        limit: query.limit,
        offset: query.offset,
      }),
    ),
});

// POST /api/users (Add User): a student (any admin) or an admin (super admins only).
export const POST = route({
  auth: "admin",
  body: adminCreateUserSchema,
  handle: async ({ viewer, body }) => created(await createUserAsAdmin(viewer, body)),
});
