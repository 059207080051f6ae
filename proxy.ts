import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/env";
import { securityHeaderOptions, securityHeaders } from "@/lib/http/security-headers";

// Next 16's proxy (formerly middleware): early redirects only, from the session token's claims.
// It never grants anything: every page and route handler checks again on the server through
// lib/auth/session.ts, against the database (SPEC §6).
//   /admin/*            -> /auth for signed-out visitors and non-admins
//   /user/*, /apply/*   -> /auth?callbackUrl=<path> for signed-out visitors
// Its redirects carry the security headers that next.config.js adds to every other response.

const SECURITY_HEADERS = securityHeaders(securityHeaderOptions(process.env));

function redirect(target: URL): NextResponse {
  const response = NextResponse.redirect(target);
  for (const { key, value } of SECURITY_HEADERS) response.headers.set(key, value);
  return response;
}

export async function proxy(request: NextRequest) {
  const secure = request.nextUrl.protocol === "https:";
  const token = await getToken({
    req: request,
    secret: env.AUTH_SECRET,
    secureCookie: secure,
    salt: secure ? "__Secure-authjs.session-token" : "authjs.session-token",
  });
  const { pathname, search } = request.nextUrl;

  if (pathname.startsWith("/admin")) {
    if (token?.role === "admin") return NextResponse.next();
    return redirect(new URL("/auth", request.url));
  }
  if (token) return NextResponse.next();
  const target = new URL("/auth", request.url);
  target.searchParams.set("callbackUrl", `${pathname}${search}`);
  return redirect(target);
}

export const config = {
  matcher: ["/admin/:path*", "/user/:path*", "/apply/:path*"],
};
