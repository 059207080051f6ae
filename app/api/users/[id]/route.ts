import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { deleteUserAsAdmin, updateUserAccess } from "@/lib/users/admin.server";
import { idParamsSchema } from "@/lib/validation/common";
import { updateUserSchema } from "@/lib/validation/users";

// PATCH /api/users/{id}: { isActive?, role?, adminType? }. DELETE /api/users/{id}.
// Any admin for students; admin accounts and role changes need a super admin (lib/users/permissions.ts).

export const PATCH = route({
  auth: "admin",
  params: idParamsSchema,
  body: updateUserSchema,
  handle: ({ viewer, params, body }) => updateUserAccess(viewer, params.id, body),
});

export const DELETE = route({
  auth: "admin",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    await deleteUserAsAdmin(viewer, params.id);
    return noContent();
  },
});
