import { signInWithPassword } from "@/lib/auth/sign-in";
import { route } from "@/lib/http/route";
import { getUserDtoByUsername } from "@/lib/users/accounts";
import { loginSchema } from "@/lib/validation/auth";

// SPEC §7: POST /api/login {username, password} -> the user, with the session cookie.
export const POST = route({
  auth: "public",
  body: loginSchema,
  handle: async ({ body }) => {
    await signInWithPassword(body.username, body.password);
    return getUserDtoByUsername(body.username);
  },
});
