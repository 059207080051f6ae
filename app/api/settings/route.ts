import { requireSuperAdmin } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { setPlatformName } from "@/lib/settings/commands";
import { listStudyItems } from "@/lib/settings/queries";
import { getPlatformName } from "@/lib/settings/queries";
import { generalSettingsSchema } from "@/lib/validation/settings";

// /admin/settings (issue 6), super admins only.
// GET: { platformName, studyLevels, studyFields } (each list item with its program count).
export const GET = route(async () => {
  await requireSuperAdmin();
  const [platformName, studyLevels, studyFields] = await Promise.all([
    getPlatformName(),
    listStudyItems("level"),
    listStudyItems("field"),
  ]);
  return Response.json(
    { platformName, studyLevels, studyFields },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});

// PATCH: { platformName } (trimmed, 1 to 60 characters).
export const PATCH = route(async (request) => {
  await requireSuperAdmin();
  const input = await parseJson(request, generalSettingsSchema);
  return Response.json({ platformName: await setPlatformName(input.platformName) });
});
