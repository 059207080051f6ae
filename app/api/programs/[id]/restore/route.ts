import { route } from "@/lib/http/route.server";
import { restoreProgram } from "@/lib/programs/commands.server";
import { idParamsSchema } from "@/lib/validation/common";

/** Admins who manage the catalogue bring an archived program back (409 while its university is archived). */
export const POST = route({
  auth: "admin",
  permission: "manage-catalogue",
  params: idParamsSchema,
  handle: ({ viewer, params }) => restoreProgram(viewer, params.id),
});
