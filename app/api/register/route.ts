import { registerAndSignIn } from "@/lib/auth/sign-in";
import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { registerSchema } from "@/lib/validation/auth";

// POST /api/register -> 201 with the new student, signed in.
export const POST = route({
  auth: "public",
  body: registerSchema,
  handle: async ({ body }) => created(await registerAndSignIn(body)),
});
