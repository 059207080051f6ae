import { remindReferee } from "@/lib/references/commands.server";
import { route } from "@/lib/http/route.server";
import { referenceParamsSchema } from "@/lib/validation/references";

/**
 * The student's one reminder to a referee who has not answered, with a new link: 409 before 7
 * days after the request (saying from when), after the first reminder, or once they answered.
 */
export const POST = route({
  auth: "user",
  params: referenceParamsSchema,
  handle: ({ viewer, params }) => remindReferee(viewer, params.id, params.refId),
});
