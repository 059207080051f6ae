import { signInWithPassword } from "@/lib/auth/sign-in";
import { parseJson, route } from "@/lib/http/route";
import { registerUser } from "@/lib/users/accounts";
import { registerSchema } from "@/lib/validation/auth";

// SPEC §7: POST /api/register -> 201 with the new student, signed in.
export const POST = route(async (request) => {
  const input = await parseJson(request, registerSchema);
  const user = await registerUser(input);
  await signInWithPassword(input.username, input.password);
  return Response.json(user, { status: 201 });
});
