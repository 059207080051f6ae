import { route } from "@/lib/http/route";
import { restoreUniversity } from "@/lib/universities/commands";
import { idParamsSchema } from "@/lib/validation/common";

/** Admins bring an archived university back, with the programs archived along with it. */
export const POST = route({
  auth: "admin",
  params: idParamsSchema,
  handle: ({ viewer, params }) => restoreUniversity(viewer, params.id),
});
