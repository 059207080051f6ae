import { signInWithPassword } from "@/lib/auth/sign-in";
import { requireUser } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { changePassword } from "@/lib/users/accounts";
import { changePasswordSchema } from "@/lib/validation/auth";

/** Changes the password; other sessions end, this one continues with a fresh cookie. */
export const POST = route(async (request) => {
  const viewer = await requireUser();
  const input = await parseJson(request, changePasswordSchema);
  await changePassword(viewer.id, input.currentPassword, input.password);
  await signInWithPassword(viewer.username, input.password);
  return new Response(null, { status: 204 });
});
