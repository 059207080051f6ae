import { route } from "@/lib/http/route.server";
import { restoreUniversity } from "@/lib/universities/commands.server";
import { idParamsSchema } from "@/lib/validation/common";

/** Admins who manage the catalogue bring an archived university back, with the programs archived along with it. */
export const POST = route({
  auth: "admin",
  permission: "manage-catalogue",
  params: idParamsSchema,
  handle: ({ viewer, params }) => restoreUniversity(viewer, params.id),
});
