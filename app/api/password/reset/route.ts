import { route } from "@/lib/http/route";
import { RESET_PASSWORD_DONE, resetPassword } from "@/lib/users/accounts";
import { resetPasswordSchema } from "@/lib/validation/auth";

export const POST = route({
  auth: "public",
  body: resetPasswordSchema,
  handle: async ({ body }) => {
    await resetPassword(body.token, body.password);
    return { message: RESET_PASSWORD_DONE };
  },
});
