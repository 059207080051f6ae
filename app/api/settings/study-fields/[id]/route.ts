import { requireSuperAdmin } from "@/lib/auth/session";
import { parseParams, route } from "@/lib/http/route";
import { deleteStudyItem } from "@/lib/settings/commands";
import { idParamsSchema } from "@/lib/validation/common";

// DELETE: 204, or 409 naming how many programs use the value.
export const DELETE = route<{ id: string }>(async (_request, context) => {
  await requireSuperAdmin();
  const { id } = await parseParams(context, idParamsSchema);
  await deleteStudyItem("field", id);
  return new Response(null, { status: 204 });
});
