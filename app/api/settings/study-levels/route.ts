import { requireSuperAdmin } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { addStudyItem } from "@/lib/settings/commands";
import { listStudyItems } from "@/lib/settings/queries";
import { studyLevelSchema } from "@/lib/validation/settings";

// The Study Levels list of /admin/settings (Programs tab), super admins only.
// GET: [{ id, name, position, programs }]; POST { name }: 201, or 409 when it exists.

export const GET = route(async () => {
  await requireSuperAdmin();
  return Response.json(await listStudyItems("level"), { headers: { "Cache-Control": "private, no-store" } });
});

export const POST = route(async (request) => {
  await requireSuperAdmin();
  const { name } = await parseJson(request, studyLevelSchema);
  return Response.json(await addStudyItem("level", name), { status: 201 });
});
