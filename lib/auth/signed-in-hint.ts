// A cookie that says "this browser has a session", readable by scripts and secret-free, so that
// the public pages can be the same cached HTML for everyone: the header's account island
// (components/layout/account-menu.tsx) asks GET /api/user only when it is there. It grants
// nothing; the HttpOnly session cookie and the database decide who is signed in. Set and cleared
// with the session (lib/auth/auth.server.ts events).

export const SIGNED_IN_HINT_COOKIE = "unisearch-signed-in";

/** Whether the hint is in a `document.cookie` string. */
export function hasSignedInHint(cookieHeader: string): boolean {
  return cookieHeader.split(";").some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

/**
 * The event a tab's window gets when its session ends (Sign Out, or an API answering 401): every
 * piece of signed-in state the tab keeps in memory (the shortlist, the header's account) forgets
 * it, so that the next person at a shared computer sees none of it. A window event, so that the
 * header need not load every store's code to clear it.
 */
export const SIGNED_OUT_EVENT = "unisearch:signed-out";

export function announceSignedOut(): void {
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
}

/**
 * The event a tab's window gets when it signs in again without leaving the page (the application
 * form's sign-in dialog): the header's account island asks who is signed in again.
 */
export const SIGNED_IN_EVENT = "unisearch:signed-in";

export function announceSignedIn(): void {
  window.dispatchEvent(new Event(SIGNED_IN_EVENT));
}
