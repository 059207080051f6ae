import { requireUser } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { getUserDto, updateProfile } from "@/lib/users/accounts";
import { profileSchema } from "@/lib/validation/auth";

// SPEC §7: GET /api/user -> the current user, or 401 when signed out (the client reads null).
export const GET = route(async () => {
  const viewer = await requireUser();
  return Response.json(await getUserDto(viewer.id), { headers: { "Cache-Control": "private, no-store" } });
});

/** The profile page: full name and e-mail. */
export const PATCH = route(async (request) => {
  const viewer = await requireUser();
  const input = await parseJson(request, profileSchema);
  return Response.json(await updateProfile(viewer.id, input));
});
