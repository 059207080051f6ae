import { route } from "@/lib/http/route.server";
import { RESET_PASSWORD_DONE, resetPassword } from "@/lib/users/accounts.server";
import { resetPasswordSchema } from "@/lib/validation/auth";

export const POST = route({
  auth: "public",
  body: resetPasswordSchema,
  handle: async ({ body }) => {
    await resetPassword(body.token, body.password);
    return { message: RESET_PASSWORD_DONE };
  },
});
