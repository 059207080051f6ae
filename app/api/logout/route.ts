import { signOut } from "@/lib/auth/auth";
import { route } from "@/lib/http/route";

// SPEC §7: POST /api/logout -> 204, session cookie cleared.
export const POST = route(async () => {
  await signOut({ redirect: false });
  return new Response(null, { status: 204 });
});
