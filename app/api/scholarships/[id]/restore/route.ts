import { route } from "@/lib/http/route.server";
import { restoreScholarship } from "@/lib/scholarships/commands.server";
import { idParamsSchema } from "@/lib/validation/common";

/** Admins who manage the catalogue bring an archived scholarship back (409 while its owner is archived). */
export const POST = route({
  auth: "admin",
  permission: "manage-catalogue",
  params: idParamsSchema,
  handle: ({ viewer, params }) => restoreScholarship(viewer, params.id),
});
