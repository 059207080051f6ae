import "server-only";
import { NextRequest } from "next/server";
import { authRedirectTarget } from "./paths";

// Auth.js checks a callbackUrl in the query and its callback-url cookie before any of our
// callbacks run, and answers one that is not an http URL ("javascript:", "\/evil.example") with a
// 500 on every endpoint. Its endpoints get the request with both already through the one rule for
// redirect targets (./paths.ts): a path on this site, or "/". A callbackUrl in a form goes through
// the redirect callback, which applies the same rule.

const CALLBACK_COOKIES = new Set(["authjs.callback-url", "__Secure-authjs.callback-url"]);

function decodedCookie(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The Cookie header with the callback-url cookies made safe, or null when there is nothing to change. */
function safeCookieHeader(header: string | null): string | null {
  if (!header) return null;
  let changed = false;
  const pairs = header.split(";").map((pair) => {
    const index = pair.indexOf("=");
    const name = (index < 0 ? pair : pair.slice(0, index)).trim();
    if (!CALLBACK_COOKIES.has(name)) return pair.trim();
    const value = index < 0 ? "" : pair.slice(index + 1).trim();
    const safe = encodeURIComponent(authRedirectTarget(decodedCookie(value)));
    if (safe !== value) changed = true;
    return `${name}=${safe}`;
  });
  return changed ? pairs.join("; ") : null;
}

/** The request for Auth.js: the same, with its callbackUrl query and cookie held to the rule. */
export async function withSafeCallbackUrls(request: Request): Promise<Request> {
  const url = new URL(request.url);
  const callbackUrl = url.searchParams.get("callbackUrl");
  const queryChanged = callbackUrl !== null && authRedirectTarget(callbackUrl) !== callbackUrl;
  if (queryChanged) url.searchParams.set("callbackUrl", authRedirectTarget(callbackUrl));
  const cookie = safeCookieHeader(request.headers.get("cookie"));
  if (!queryChanged && cookie === null) return request;
  const headers = new Headers(request.headers);
  if (cookie !== null) headers.set("cookie", cookie);
  const body =
    request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  return new NextRequest(url, { method: request.method, headers, body });
}
