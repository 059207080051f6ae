import { signInWithPassword } from "@/lib/auth/sign-in";
import { prisma } from "@/lib/db/client";
import { parseJson, route } from "@/lib/http/route";
import { toUserDto, userDtoSelect } from "@/lib/users/dto";
import { loginSchema } from "@/lib/validation/auth";

// SPEC §7: POST /api/login {username, password} -> the user, with the session cookie.
export const POST = route(async (request) => {
  const { username, password } = await parseJson(request, loginSchema);
  await signInWithPassword(username, password);
  const user = await prisma.user.findUniqueOrThrow({ where: { username }, select: userDtoSelect });
  return Response.json(toUserDto(user));
});
