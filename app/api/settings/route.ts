import { route } from "@/lib/http/route";
import { setPlatformName } from "@/lib/settings/commands";
import { getPlatformName, listStudyItems } from "@/lib/settings/queries";
import { generalSettingsSchema } from "@/lib/validation/settings";

// /admin/settings (issue 6), super admins only.
// GET: { platformName, studyLevels, studyFields } (each list item with its program count).
export const GET = route({
  auth: "superAdmin",
  handle: async () => {
    const [platformName, studyLevels, studyFields] = await Promise.all([
      getPlatformName(),
      listStudyItems("level"),
      listStudyItems("field"),
    ]);
    return { platformName, studyLevels, studyFields };
  },
});

// PATCH: { platformName } (trimmed, 1 to 60 characters).
export const PATCH = route({
  auth: "superAdmin",
  body: generalSettingsSchema,
  handle: async ({ viewer, body }) => ({ platformName: await setPlatformName(viewer, body.platformName) }),
});
