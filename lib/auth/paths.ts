// Where sign-in leads. Pure functions, safe to import from client components (session.ts, which
// re-exports them for server code, reads the database).

import { isAdmin } from "./policy";

/** Where a signed-in user belongs (SPEC §2 /auth). */
export function homeOf(viewer: { role: "user" | "admin" }): string {
  return isAdmin(viewer) ? "/admin/dash" : "/user/dash";
}

/**
 * A callbackUrl is honoured only when it is a path on this site ("/user/profile?tab=x"), never
 * "//evil.example" (another host). Browsers drop tabs and newlines from URLs and read a backslash
 * as a slash, so a value with a control character or a backslash is refused as well.
 */
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//")) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}

/**
 * Where /auth returns to after signing in or registering: a safe path, but never /auth itself (a
 * signed-in visitor would go round in circles). Used by the page and by its form actions.
 */
export function authCallbackPath(value: unknown): string | null {
  const path = safeCallbackPath(typeof value === "string" ? value : null);
  if (!path || /^\/auth(?:[/?#]|$)/.test(path)) return null;
  return path;
}
