import { handlers } from "@/lib/auth/auth.server";
import { withSafeCallbackUrls } from "@/lib/auth/callback-urls.server";
import { route } from "@/lib/http/route.server";

// Auth.js's own endpoints (session, CSRF token, OAuth callbacks); Auth.js reads the request itself,
// after its callbackUrl query and cookie have been held to the rule for redirect targets.
export const GET = route({
  auth: "public",
  handle: async ({ request }) =>
    withErrorShape(await handlers.GET((await withSafeCallbackUrls(request)) as never)),
});
export const POST = route({
  auth: "public",
  handle: async ({ request }) =>
    withErrorShape(await handlers.POST((await withSafeCallbackUrls(request)) as never)),
});

const UNKNOWN_AUTH_REQUEST =
  "This sign-in request is not one we know. Start again from the sign-in page (/auth).";

/**
 * Auth.js refuses an unknown action (/api/auth/anything) with the bare JSON "Bad request." and a
 * failed session update with null; every other API answer uses the one error shape, so these do too.
 */
async function withErrorShape(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (typeof (body as { error?: unknown } | null)?.error === "string") return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-type");
  return Response.json({ error: UNKNOWN_AUTH_REQUEST }, { status: response.status, headers });
}
