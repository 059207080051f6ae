import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { getRouteMatcher } from "next/dist/shared/lib/router/utils/route-matcher";
import { getRouteRegex } from "next/dist/shared/lib/router/utils/route-regex";
import { DecodeError } from "next/dist/shared/lib/utils";
import { ORIGIN } from "./agent";

// What `next start` does with a request's path before a page or route handler runs, in process:
// proxy.ts first, when its matcher (config.matcher) takes the path; then Next matches the path (or
// the proxy's rewrite) against the route and decodes its dynamic segments ([slug], [id],
// [...nextauth]) with decodeURIComponent; and while preparing a rewritten request it matches the
// request's own path against the target route once more. Decoding throws on a percent-escape that
// is not UTF-8 (%C0%AF, %FF, a stray %), and Next answers that error with a bare "Internal Server
// Error", status 500: a path that reaches it undecodable is a failure.

export type Routed =
  /** On to the page or handler: the URL it sees (after a rewrite) and its decoded params. */
  | { kind: "handled"; url: string; params: Record<string, string | string[]> }
  /** The proxy answered itself (a redirect to sign in, a 400, the 503 page). */
  | {
      kind: "answered";
      status: number;
      location: string | null;
      setCookies: string[];
      contentType: string;
      text: string;
    }
  /** Next could not decode a segment: the bare 500. */
  | { kind: "undecodable"; url: string }
  /**
   * Not this route: the URL parser made the path another route's (a ".." segment), Next would (an
   * empty one), or the proxy rewrote it to another address (the 404 page's).
   */
  | { kind: "elsewhere"; url: string };

/** A route pattern as Next matches it: route groups ("(student)") are no part of the address. */
export function addressPattern(pattern: string): string {
  return pattern
    .split("/")
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .join("/");
}

/**
 * Routes a request for `url` (a path and query, written as sent: its escapes are not re-encoded;
 * or a whole URL, https for the test environment's secure session cookies) to the route `pattern`
 * (e.g. /api/universities/by-slug/[slug]) as `next start` would.
 */
export async function routeThroughNext(
  pattern: string,
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<Routed> {
  const { proxy, config } = await import("@/proxy");
  const sent = new URL(url, ORIGIN);
  let target = sent;
  if (unstable_doesMiddlewareMatch({ config, url: sent.href })) {
    const response = await proxy(new NextRequest(sent.href, { method: init.method, headers: init.headers }));
    const rewrite = response.headers.get("x-middleware-rewrite");
    if (rewrite) target = new URL(rewrite, sent);
    else if (!response.headers.has("x-middleware-next"))
      return {
        kind: "answered",
        status: response.status,
        location: response.headers.get("location"),
        setCookies: response.headers.getSetCookie(),
        contentType: response.headers.get("content-type") ?? "",
        text: await response.text(),
      };
  }
  const match = matcherOf(pattern);
  const at = `${target.pathname}${target.search}`;
  try {
    const params = match(target.pathname);
    if (!params) return { kind: "elsewhere", url: at };
    // A rewritten request: its own path is matched against the route again (handleRewrites).
    if (target !== sent) match(sent.pathname);
    return { kind: "handled", url: at, params: params as Record<string, string | string[]> };
  } catch (error) {
    if (error instanceof DecodeError) return { kind: "undecodable", url: at };
    throw error;
  }
}

const matchers = new Map<string, ReturnType<typeof getRouteMatcher>>();
function matcherOf(pattern: string) {
  let match = matchers.get(pattern);
  if (!match) matchers.set(pattern, (match = getRouteMatcher(getRouteRegex(addressPattern(pattern)))));
  return match;
}

const APP = path.join(process.cwd(), "app");

/** The patterns of every page with a dynamic segment (app/**\/[...]/page.tsx), e.g. /university/[slug]. */
export function dynamicPagePatterns(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return dynamicPagePatterns(full);
      if (entry.name !== "page.tsx") return [];
      const pattern = `/${path.relative(APP, dir).split(path.sep).join("/")}`;
      return pattern.includes("[") ? [addressPattern(pattern)] : [];
    })
    .sort();
}
