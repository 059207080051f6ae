import { route } from "@/lib/http/route.server";
import { saveGeneralSettings } from "@/lib/settings/commands.server";
import { getGeneralSettings, listStudyItems } from "@/lib/settings/queries.server";
import { generalSettingsSchema } from "@/lib/validation/settings";

// /admin/settings, super admins only.
// GET: { platformName, version, decideByWorkingDays, decideByWorkingDaysVersion, studyLevels,
// studyFields } (each list item with its program count; version: the platform name's; each
// version to send back with PATCH).
export const GET = route({
  auth: "superAdmin",
  handle: async () => {
    const [setting, studyLevels, studyFields] = await Promise.all([
      getGeneralSettings(),
      listStudyItems("level"),
      listStudyItems("field"),
    ]);
    return { ...setting, studyLevels, studyFields };
  },
});

// PATCH: any of { platformName, version? } (trimmed, 1 to 60 characters) and
// { decideByWorkingDays, decideByWorkingDaysVersion? } (a whole number of working days, 1 to 120:
// applications submitted from then on), at least one; 409 when a setting was saved since its
// version. Answers the General tab's four values as saved.
export const PATCH = route({
  auth: "superAdmin",
  body: generalSettingsSchema,
  handle: ({ viewer, body }) => saveGeneralSettings(viewer, body),
});
