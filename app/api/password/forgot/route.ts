import { route } from "@/lib/http/route";
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset } from "@/lib/users/accounts";
import { forgotPasswordSchema } from "@/lib/validation/auth";

// The same answer whether or not the address has an account.
export const POST = route({
  auth: "public",
  body: forgotPasswordSchema,
  handle: async ({ body }) => {
    await requestPasswordReset(body.email);
    return Response.json({ message: FORGOT_PASSWORD_ANSWER }, { status: 202 });
  },
});
