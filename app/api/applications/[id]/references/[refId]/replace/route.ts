import { replaceReferee } from "@/lib/references/commands.server";
import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { refereeSchema, referenceParamsSchema } from "@/lib/validation/references";

/**
 * The student names another referee in place of one who has not sent a reference: the old link
 * stops working and the new referee is e-mailed. 201 with the new reference; 409 for a reference
 * already received or replaced.
 */
export const POST = route({
  auth: "user",
  params: referenceParamsSchema,
  body: refereeSchema,
  handle: async ({ viewer, params, body }) => {
    const reference = await replaceReferee(viewer, params.id, params.refId, body);
    return created(reference, `/api/applications/${params.id}/references`);
  },
});
