import { requireRole } from "@/lib/auth/session";
import { parseJson, parseParams, route } from "@/lib/http/route";
import { deleteUserAsAdmin, updateUserAccess } from "@/lib/users/admin";
import { idParamsSchema } from "@/lib/validation/common";
import { updateUserSchema } from "@/lib/validation/users";

// PATCH /api/users/{id}: { isActive?, role?, adminType? }. DELETE /api/users/{id}.
// Any admin for students; admin accounts and role changes need a super admin (lib/users/permissions.ts).

export const PATCH = route<{ id: string }>(async (request, context) => {
  const viewer = await requireRole("admin");
  const { id } = await parseParams(context, idParamsSchema);
  const change = await parseJson(request, updateUserSchema);
  return Response.json(await updateUserAccess(viewer, id, change));
});

export const DELETE = route<{ id: string }>(async (_request, context) => {
  const viewer = await requireRole("admin");
  const { id } = await parseParams(context, idParamsSchema);
  await deleteUserAsAdmin(viewer, id);
  return new Response(null, { status: 204 });
});
