// A cookie that says "this browser has a session", readable by scripts and secret-free, so that
// the public pages can be the same cached HTML for everyone: the header's account island
// (components/layout/account-menu.tsx) asks GET /api/user only when it is there. It grants
// nothing; the HttpOnly session cookie and the database decide who is signed in. Set and cleared
// with the session (lib/auth/auth.ts events).

export const SIGNED_IN_HINT_COOKIE = "unisearch-signed-in";

/** Whether the hint is in a `document.cookie` string. */
export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader.split(";").some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}
