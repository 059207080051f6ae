import { redirect } from "next/navigation";
import { googleEnabled, signIn } from "@/lib/auth/auth.server";
import { safeCallbackPath } from "@/lib/auth/session.server";
import { route } from "@/lib/http/route.server";
import { googleSignInQuerySchema } from "@/lib/validation/auth";

// GET /api/auth/google starts Google sign-in (the browser is sent to the provider).
export const GET = route({
  auth: "public",
  query: googleSignInQuerySchema,
  handle: async ({ query }) => {
    const callback = safeCallbackPath(query.callbackUrl ?? null) ?? "/auth";
    if (!googleEnabled) redirect("/auth?error=GoogleUnavailable");
    await signIn("google", { redirectTo: callback });
  },
});
