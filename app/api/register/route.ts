import { registerAndSignIn } from "@/lib/auth/sign-in.server";
import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { registerSchema } from "@/lib/validation/auth";

// POST /api/register -> 201 with the new student, signed in.
export const POST = route({
  auth: "public",
  body: registerSchema,
  handle: async ({ body }) => created(await registerAndSignIn(body)),
});
