import { replyToOffer } from "@/lib/applications/commands.server";
import { route } from "@/lib/http/route.server";
import { offerReplySchema } from "@/lib/validation/application";
import { idParamsSchema } from "@/lib/validation/common";

/**
 * The student accepts or declines the offer of their application: 200 with the new status; 404
 * for another's application; 409 when it holds no offer to reply to (naming where it can go).
 */
export const POST = route({
  auth: "user",
  params: idParamsSchema,
  body: offerReplySchema,
  handle: ({ viewer, params, body }) => replyToOffer(viewer, params.id, body),
});
