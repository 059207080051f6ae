import { redirect } from "next/navigation";
import { googleEnabled, signIn } from "@/lib/auth/auth";
import { safeCallbackPath } from "@/lib/auth/session";

// SPEC §7: GET /api/auth/google starts Google sign-in (the browser is sent to the provider).
export async function GET(request: Request) {
  const callback = safeCallbackPath(new URL(request.url).searchParams.get("callbackUrl")) ?? "/auth";
  if (!googleEnabled) redirect("/auth?error=GoogleUnavailable");
  await signIn("google", { redirectTo: callback });
}
