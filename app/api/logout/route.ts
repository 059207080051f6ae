import { signOut } from "@/lib/auth/auth.server";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";

// POST /api/logout -> 204, session cookie cleared (also when nobody was signed in).
export const POST = route({
  auth: "public",
  handle: async () => {
    await signOut({ redirect: false });
    return noContent();
  },
});
