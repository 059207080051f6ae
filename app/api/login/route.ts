import { logIn } from "@/lib/auth/sign-in.server";
import { route } from "@/lib/http/route.server";
import { loginSchema } from "@/lib/validation/auth";

// POST /api/login {username, password} -> the user, with the session cookie.
export const POST = route({ auth: "public", body: loginSchema, handle: ({ body }) => logIn(body) });
