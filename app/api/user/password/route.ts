import { currentSessionId } from "@/lib/auth/session.server";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { changePassword } from "@/lib/users/accounts.server";
import { changePasswordSchema } from "@/lib/validation/auth";

/** Changes the password; other sessions end, this one continues. */
export const POST = route({
  auth: "user",
  body: changePasswordSchema,
  handle: async ({ viewer, body }) => {
    await changePassword(viewer.id, body.currentPassword, body.password, await currentSessionId());
    return noContent();
  },
});
