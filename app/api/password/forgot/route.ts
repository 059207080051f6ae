import { route } from "@/lib/http/route.server";
import { FORGOT_PASSWORD_ANSWER, forgotPassword } from "@/lib/users/accounts.server";
import { forgotPasswordSchema } from "@/lib/validation/auth";

// The same answer, as fast, whether or not the address has an account (the e-mail is sent after it).
export const POST = route({
  auth: "public",
  body: forgotPasswordSchema,
  handle: async ({ body }) => {
    await forgotPassword(body.email);
    return Response.json({ message: FORGOT_PASSWORD_ANSWER }, { status: 202 });
  },
});
