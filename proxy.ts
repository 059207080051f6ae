import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { safeCallbackPath } from "@/lib/auth/paths";
import { hasRenderedPage, recordRequest } from "@/lib/cache/rendered-pages";
import { cachedSearchPath, RSC_PARAMETER } from "@/lib/cache/search-pages";
import { isDatabaseMarkedUnavailable } from "@/lib/db/availability.server";
import { currencyFromAcceptLanguage, DISPLAY_CURRENCY_COOKIE } from "@/lib/money/currencies";
import { env } from "@/lib/env.server";
import { isDecodablePath, UNDECODABLE_PAGE, UNDECODABLE_PATH } from "@/lib/http/decodable-path";
import { securityHeaderOptions, securityHeaders } from "@/lib/http/security-headers";
import { unavailablePage } from "@/lib/http/unavailable-page";
import { logger } from "@/lib/log.server";
import { tagRequest } from "@/lib/telemetry/request-id";

// Next 16's proxy (formerly middleware), for page requests (not the API, not static files):
//  - a path whose percent-escapes are not UTF-8 (%C0%AF, %FF, a stray %) is answered here, pages
//    and (only for such paths) route handlers too: Next's own decoding of a dynamic segment would
//    answer it with a bare 500 (lib/http/decodable-path.ts, Next workaround
//    UNDECODABLE_PATHS_IN_PROXY). A page's is the 404 page, a route handler's a 400 in the API's
//    JSON error shape;
//  - every page gets a request id (X-Request-Id, also passed to the render, whose error log
//    lines carry it: instrumentation-node.ts; and on the request's spans when tracing is on);
//  - a search page's request goes to its cached route once the search was asked for before
//    (lib/cache/search-pages.ts);
//  - while the database is known to be down (lib/db/availability.server.ts), public pages the cache
//    holds are served from it, and every other page is the branded 503 page;
//  - a public page's first visit gets a display-currency cookie from Accept-Language (below);
//  - early redirects of navigations (GET) from the session token's claims. They never grant
//    anything: every page, route handler and server action checks again on the server through
//    lib/auth/session.server.ts.
//      /admin/*            -> /auth for signed-out visitors and non-admins
//      /user/*, /apply/*   -> /auth?callbackUrl=<path> for signed-out visitors, except the
//                             calendar feed: calendar apps are signed out, its token is the key
// Its own answers carry the security headers that next.config.js adds to every other response.

const SECURITY_HEADERS = securityHeaders(securityHeaderOptions(process.env));

const PROTECTED = ["/admin", "/user", "/apply"];
/** Route handlers' paths: their errors are JSON. */
const HANDLER_PATHS = /^\/(api|flags|uploads|sitemaps)\//;
/** Paths the proxy sees only for their percent-escapes (config.matcher). */
const ESCAPES_ONLY = /^\/(api|flags|uploads)\//;
/** Under PROTECTED, but their route handlers check a token instead of a session. */
const TOKEN_ADDRESSES = new Set(["/user/deadlines.ics"]);

function answer(response: NextResponse, requestId: string): NextResponse {
  for (const { key, value } of SECURITY_HEADERS) response.headers.set(key, value);
  response.headers.set("X-Request-Id", requestId);
  return response;
}

export async function proxy(request: NextRequest) {
  // The address as the server received it (next.config.js skipProxyUrlNormalize: Next workaround
  // RAW_PROXY_URL), without the _rsc parameter of client navigations, no part of a page's address.
  const url = new URL(request.url);
  if (!isDecodablePath(url.pathname)) return undecodable(request, url.pathname);
  if (ESCAPES_ONLY.test(url.pathname)) return NextResponse.next();
  const requestId = crypto.randomUUID();
  tagRequest(requestId);
  const redirect = (target: URL) => answer(NextResponse.redirect(target), requestId);
  url.searchParams.delete(RSC_PARAMETER);
  const { pathname, search, searchParams } = url;
  const isProtected = PROTECTED.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  const cachedSearch = request.method === "GET" ? cachedSearchPath(pathname, searchParams) : null;
  // The cached route, with the query its page reads.
  const rewriteTo = cachedSearch && `${cachedSearch}${search}`;
  if (await isDatabaseMarkedUnavailable()) {
    if (request.method === "GET" && !isProtected && (await hasRenderedPage(cachedSearch ?? pathname))) {
      return pass(request, requestId, rewriteTo);
    }
    logger().warn(
      { requestId, method: request.method, path: pathname, status: 503 },
      "request (the database is unavailable)",
    );
    const page = new NextResponse(unavailablePage(requestId), {
      status: 503,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Retry-After": "30",
        "Cache-Control": "no-store",
      },
    });
    return answer(page, requestId);
  }
  if (!isProtected || TOKEN_ADDRESSES.has(pathname)) {
    const toCache = cachedSearch !== null && (await goesToCachedRoute(request, cachedSearch));
    return withDisplayCurrency(request, pass(request, requestId, toCache ? rewriteTo : null));
  }

  // Only navigations are sent to sign in early. A POST (a server action, from a form sent by its
  // script or posted without JavaScript) goes on: its action answers for itself (a 401 the form
  // shows in place, or a 303 to sign in), whereas a 307 here would replay the post, fields and
  // all, at the sign-in page.
  if (request.method !== "GET" && request.method !== "HEAD") return pass(request, requestId);

  const secure = request.nextUrl.protocol === "https:";
  const token = await getToken({
    req: request,
    secret: env.AUTH_SECRET,
    secureCookie: secure,
    salt: secure ? "__Secure-authjs.session-token" : "authjs.session-token",
  });
  if (pathname.startsWith("/admin")) {
    if (token?.role === "admin") return pass(request, requestId);
    return redirect(new URL("/auth", request.url));
  }
  if (token) return pass(request, requestId);
  const target = new URL("/auth", request.url);
  // The way back passes the one rule for redirect targets; an address it refuses is dropped.
  const callback = safeCallbackPath(`${pathname}${search}`);
  if (callback) target.searchParams.set("callbackUrl", callback);
  return redirect(target);
}

/**
 * The answer to a path Next could not decode: a route handler's is the API's 400 (logged as route()
 * logs a request), a page's the 404 page.
 */
function undecodable(request: NextRequest, pathname: string): NextResponse {
  const requestId = crypto.randomUUID();
  tagRequest(requestId);
  if (HANDLER_PATHS.test(pathname)) {
    logger().warn(
      { requestId, method: request.method, path: pathname, status: 400, durationMs: 0, userId: null },
      "request",
    );
    return answer(NextResponse.json({ error: UNDECODABLE_PATH, requestId }, { status: 400 }), requestId);
  }
  const response = NextResponse.rewrite(new URL(UNDECODABLE_PAGE, request.url));
  response.headers.set("X-Request-Id", requestId);
  return response;
}

/**
 * Whether a search goes to its cached route: once a page was rendered there, or from its second
 * request on (as nginx's proxy_cache_min_uses 2). Most searches are asked for once; the search
 * page rendered for that one request (its results still from the cached reads) is the faster
 * rendering, with no per-segment prefetch data and no cache write, and the cache is left to the
 * searches that repeat. A prefetch is not a request for the search: it does not count.
 */
async function goesToCachedRoute(request: NextRequest, cachedSearch: string): Promise<boolean> {
  if (await hasRenderedPage(cachedSearch)) return true;
  const prefetch =
    request.headers.has("next-router-prefetch") || request.headers.has("next-router-segment-prefetch");
  return !prefetch && (await recordRequest(cachedSearch));
}

/**
 * On to the page (or to `rewriteTo`, a path with its query), with the request id on the request (for the
 * render's logs) and the response, and the moment it arrived (a failure of a request older than
 * the breaker's last closing is old news).
 */
function pass(request: NextRequest, requestId: string, rewriteTo: string | null = null): NextResponse {
  const headers = new Headers(request.headers);
  headers.set("x-request-id", requestId);
  headers.set("x-request-start", String(Date.now()));
  // request.url's origin is the server's own (skipProxyUrlNormalize): the rewrite is served in this
  // process, not proxied over HTTP.
  const target = rewriteTo && new URL(rewriteTo, request.url);
  const response = target
    ? NextResponse.rewrite(target, { request: { headers } })
    : NextResponse.next({ request: { headers } });
  response.headers.set("X-Request-Id", requestId);
  return response;
}

/**
 * A public page's first visit from a browser without a display currency: the cookie the amounts'
 * approximations read (components/money/display-currency.tsx), taken from the region of its
 * preferred language (Accept-Language, lib/money/currencies.ts), so no script is needed to pick it.
 * A choice on the profile replaces it. Nothing when the languages name no region with a currency.
 */
function withDisplayCurrency(request: NextRequest, response: NextResponse): NextResponse {
  if (request.method !== "GET" || request.cookies.has(DISPLAY_CURRENCY_COOKIE)) return response;
  const currency = currencyFromAcceptLanguage(request.headers.get("accept-language"));
  if (currency) {
    response.cookies.set(DISPLAY_CURRENCY_COOKIE, currency, {
      path: "/",
      maxAge: 30 * 86_400,
      sameSite: "lax",
      secure: request.nextUrl.protocol === "https:",
    });
  }
  return response;
}

export const config = {
  // Pages: not the API (route() gives its requests their ids and 503s), not Next's assets, and not
  // the files served by route handlers; those only when their path holds a '%', which may not
  // decode (isDecodablePath above).
  matcher: ["/((?!api/|_next/|flags/|uploads/|favicon.ico|robots.txt).*)", "/((?:api|flags|uploads)/.*%.*)"],
};
