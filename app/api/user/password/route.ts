import { signInWithPassword } from "@/lib/auth/sign-in";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { changePassword } from "@/lib/users/accounts";
import { changePasswordSchema } from "@/lib/validation/auth";

/** Changes the password; other sessions end, this one continues with a fresh cookie. */
export const POST = route({
  auth: "user",
  body: changePasswordSchema,
  handle: async ({ viewer, body }) => {
    await changePassword(viewer.id, body.currentPassword, body.password);
    await signInWithPassword(viewer.username, body.password);
    return noContent();
  },
});
