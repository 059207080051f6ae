import { parseJson, route } from "@/lib/http/route";
import { resetPassword } from "@/lib/users/accounts";
import { resetPasswordSchema } from "@/lib/validation/auth";

export const POST = route(async (request) => {
  const { token, password } = await parseJson(request, resetPasswordSchema);
  await resetPassword(token, password);
  return Response.json({ message: "Your password has been changed. Sign in with the new one." });
});
