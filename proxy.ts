import { NextResponse, type NextRequest } from "next/server";

// Next 16's proxy (formerly middleware): early redirects only. It looks for the presence of an
// Auth.js session cookie, not its validity; the real check happens on the server, in the apply
// page and the applications API (requireUser()). The accounts issue extends this to the student
// and admin areas.

/** Auth.js's session cookie: the __Secure- name on HTTPS, the plain one on HTTP. */
const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];

export function proxy(request: NextRequest) {
  const signedIn = SESSION_COOKIES.some((name) => request.cookies.has(name));
  if (signedIn) return NextResponse.next();

  const { pathname, search } = request.nextUrl;
  const target = new URL("/auth", request.url);
  target.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(target);
}

export const config = {
  matcher: ["/apply/:path*"],
};
