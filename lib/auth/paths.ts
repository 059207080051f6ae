// Where sign-in leads. Pure functions, safe to import from client components (session.ts, which
// re-exports them for server code, reads the database).

import { isAdmin } from "./viewer";

/** A team admin's landing page: the applications assigned to them, the most urgent first. */
export const MY_QUEUE = "/admin/applications?assignee=me";

/**
 * Where a signed-in user belongs after /auth: a team admin to their queue (the work assigned to
 * them), a super admin to the admin dashboard, a student to theirs. Without the admin type (the
 * header's dashboard link), an admin goes to the admin dashboard.
 */
export function homeOf(viewer: { role: "user" | "admin"; adminType?: "super" | "team" | null }): string {
  if (!isAdmin(viewer)) return "/user/dash";
  return viewer.adminType === "team" ? MY_QUEUE : "/admin/dash";
}

/** Longer targets are refused: no page of this site needs one, and they only carry payloads. */
export const REDIRECT_PATH_MAX = 2048;

/**
 * Characters a redirect target never contains, raw or after percent-decoding: control and format
 * characters (browsers drop tabs and newlines from URLs, so "/\t/evil.example" is "//evil.example"),
 * whitespace of any script (U+3000 and the like cannot go in a Location header as they are, and
 * some clients strip them), the backslash (browsers read it as a slash) and the characters that
 * look like or are folded into a slash or a backslash.
 */
const FORBIDDEN =
  /[\p{Cc}\p{Cf}\p{Z}\s\\\u2044\u2215\u2216\u2571\u2572\u27cb\u27cd\u29f5\u29f8\u29f9\u3033\u3035\ufe68\uff0f\uff3c]/u;

/** A non-ASCII character that Unicode normalisation (NFKC) turns into a slash, backslash or space. */
function foldsIntoSeparator(text: string): boolean {
  for (const char of text) {
    if (char.charCodeAt(0) > 0x7f && /[/\\\s]/.test(char.normalize("NFKC"))) return true;
  }
  return false;
}

/** The text with its percent-escapes decoded once; null for a broken escape. */
function decodedOnce(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    // An invalid or overlong UTF-8 escape ("%C0%AF"), or a lone "%".
    return null;
  }
}

/** The text with its percent-escapes decoded until none is left; null for a broken escape. */
function fullyDecoded(text: string): string | null {
  let current = text;
  // Double (and triple) encoding hides "//" from a check that decodes once.
  for (let round = 0; round < 5; round++) {
    const next = decodedOnce(current);
    if (next === null || next === current) return next;
    current = next;
  }
  return null;
}

/** Whether a path (no query) is one the browser resolves on this site: "/x", never "//x" or "/\x". */
function isLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !FORBIDDEN.test(path) && !foldsIntoSeparator(path);
}

/**
 * The one rule for every redirect target taken from input (a callbackUrl in a query, a form, or
 * Auth.js's callback-url cookie): a path on this site, returned properly percent-encoded ("/é" and
 * "/%C3%A9" both give "/%C3%A9", which a Location header can carry), or null, and the caller goes
 * to its default page. Refused: anything not starting with one "/" (another host "//evil.example",
 * a scheme "https:" or "javascript:"), "/\evil.example", control, format and whitespace
 * characters, slash look-alikes, and the same in the path hidden behind percent-encoding, once or
 * more ("/%2F%2Fevil.example", "/%5Cevil.example"); broken escapes and overlong UTF-8 ("%C0%AF")
 * anywhere. Never throws, whatever the input.
 */
export function safeCallbackPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > REDIRECT_PATH_MAX) return null;
  if (!isLocalPath(value)) return null;
  const url = onThisSite(value);
  // Resolving "/./" or "/a/..//b" (or "%2e" as ".") could make a "//" that was not there before.
  if (!url || !isLocalPath(url.pathname)) return null;
  // The path is decoded as often as it takes (a server or proxy on the way may decode it again)
  // and resolved again; the query and fragment are decoded once, as the page that reads them does.
  const path = fullyDecoded(url.pathname);
  if (path === null || !isLocalPath(path) || !isLocalPath(onThisSite(path)?.pathname ?? "")) return null;
  const rest = decodedOnce(`${url.search}${url.hash}`);
  if (rest === null || /[\p{Cc}\p{Cf}]/u.test(rest)) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  return target.length <= REDIRECT_PATH_MAX ? target : null;
}

/** A path resolved as a browser would on this site (dot segments, encoding); null if it leaves it. */
function onThisSite(path: string): URL | null {
  try {
    const url = new URL(path, "http://localhost");
    return url.origin === "http://localhost" ? url : null;
  } catch {
    return null;
  }
}

/**
 * Where Auth.js sends the browser after sign-in and sign-out, from a callbackUrl in the query, the
 * form or its callback-url cookie: a full http(s) URL counts for its path alone (Next hands Auth.js
 * its listening address, which can differ from the host the browser used, so the browser resolves
 * the path itself), and that path must pass safeCallbackPath; anything else is the home page. So
 * "https://evil.example//evil.example/phish" is "/", not "//evil.example/phish".
 */
export function authRedirectTarget(url: unknown): string {
  if (typeof url !== "string") return "/";
  if (!/^https?:/i.test(url)) return safeCallbackPath(url) ?? "/";
  try {
    const parsed = new URL(url);
    return safeCallbackPath(`${parsed.pathname}${parsed.search}${parsed.hash}`) ?? "/";
  } catch {
    return "/";
  }
}

/**
 * Where /auth returns to after signing in or registering: a safe path, but never /auth itself (a
 * signed-in visitor would go round in circles). Used by the page and by its form actions.
 */
export function authCallbackPath(value: unknown): string | null {
  const path = safeCallbackPath(value);
  if (!path || /^\/auth(?:[/?#]|$)/i.test(fullyDecoded(path.split(/[?#]/, 1)[0]) ?? path)) return null;
  return path;
}
