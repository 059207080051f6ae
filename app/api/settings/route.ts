import { route } from "@/lib/http/route.server";
import { setPlatformName } from "@/lib/settings/commands.server";
import { getPlatformNameSetting, listStudyItems } from "@/lib/settings/queries.server";
import { generalSettingsSchema } from "@/lib/validation/settings";

// /admin/settings, super admins only.
// GET: { platformName, version, studyLevels, studyFields } (each list item with its program count;
// version: the platform name's, to send back with PATCH).
export const GET = route({
  auth: "superAdmin",
  handle: async () => {
    const [setting, studyLevels, studyFields] = await Promise.all([
      getPlatformNameSetting(),
      listStudyItems("level"),
      listStudyItems("field"),
    ]);
    return { ...setting, studyLevels, studyFields };
  },
});

// PATCH: { platformName, version? } (trimmed, 1 to 60 characters; 409 when the name was saved since
// that version): { platformName, version }.
export const PATCH = route({
  auth: "superAdmin",
  body: generalSettingsSchema,
  handle: ({ viewer, body }) => setPlatformName(viewer, body.platformName, body.version),
});
