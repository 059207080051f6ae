import { parseJson, route } from "@/lib/http/route";
import { requestPasswordReset } from "@/lib/users/accounts";
import { forgotPasswordSchema } from "@/lib/validation/auth";

export const FORGOT_PASSWORD_ANSWER =
  "If an account uses this email, we have sent it a link to reset the password. The link works for one hour.";

// The same answer whether or not the address has an account.
export const POST = route(async (request) => {
  const { email } = await parseJson(request, forgotPasswordSchema);
  await requestPasswordReset(email);
  return Response.json({ message: FORGOT_PASSWORD_ANSWER }, { status: 202 });
});
