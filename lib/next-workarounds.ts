// What the app does differently because of a bug or an internal detail of the Next.js (or React)
// version it runs on, in one list. Each entry says what it works around, where that is tracked
// upstream, which versions showed it, which files apply it (each of them names the entry:
// "Next workaround <NAME>"), and what to do once it is fixed.
// tests/unit/next-workarounds.test.ts reproduces each problem against the installed packages and
// fails with "upstream fixed: remove workaround <NAME>" once it is gone, so an upgrade that fixes
// one says so. Nothing here runs in the app: it is the register the code sites point to.

export interface NextWorkaround {
  /** What Next or React does wrong (or what internal detail the app relies on). */
  problem: string;
  /** What the app does about it. */
  workaround: string;
  /** The upstream issues and pull requests. */
  upstream: readonly string[];
  /** The versions it was seen with. */
  seenWith: string;
  /** The files that apply it, each naming the entry. */
  appliedIn: readonly string[];
  /** What to change once the test reports the problem gone. */
  whenFixed: string;
}

export const NEXT_WORKAROUNDS = {
  NO_CACHE_COMPONENTS: {
    problem:
      "With `cacheComponents`, a dynamic route or a page that reads searchParams answers notFound() " +
      "with status 200: the handler sends the prerendered shell before the resumed render that " +
      "calls notFound() has finished, so the status is already committed.",
    workaround:
      "No Cache Components: public pages are cached by incremental static regeneration and tagged " +
      "cached reads on our cache handler (lib/cache), and every page that must answer 404 does.",
    upstream: [
      "https://github.com/vercel/next.js/issues/95380",
      "https://github.com/vercel/next.js/issues/98518",
      "https://github.com/vercel/next.js/pull/95561",
    ],
    seenWith:
      "next 16.3.0 to 16.4.6 and 16.5.0-canary.38 (checked 2026-11-26 with the four-file app of " +
      "issue 98518); 16.4.5 installed",
    appliedIn: ["next.config.js", "docs/performance.md"],
    whenFixed:
      "try `cacheComponents: true` with the four-file app of issue 98518 (its bad token must answer " +
      "404 on the first request and later ones), then measure partial prerendering of the search " +
      "pages (docs/performance.md)",
  },
  RAW_PROXY_URL: {
    problem:
      "Under `next start -H 127.0.0.1` the proxy sees request.url with its loopback host renamed " +
      "'localhost', while Next's router compares a rewrite with the literal 127.0.0.1 address: a " +
      "rewrite built on request.url counts as another origin and is proxied over HTTP to the server " +
      "itself (one more hop per search, a 500 behind a TLS-terminating proxy).",
    workaround:
      "`skipProxyUrlNormalize: true` in next.config.js, so request.url is the address as received; " +
      "proxy.ts then drops the _rsc parameter of client navigations itself (RSC_PARAMETER).",
    upstream: [
      "https://github.com/vercel/next.js/issues/94745",
      "https://github.com/vercel/next.js/pull/95917",
    ],
    seenWith: "next 16.4.x (16.4.5 installed)",
    appliedIn: ["next.config.js", "proxy.ts", "docs/performance.md"],
    whenFixed:
      "drop skipProxyUrlNormalize from next.config.js, keep the tests of the search rewrite " +
      "(tests/e2e/shared-cache.spec.ts) passing, and update the comments of proxy.ts",
  },
  REPEATED_REDIRECT_LOCATION: {
    problem:
      "A redirect rendered by a cached page (permanentRedirect() in an ISR page) is sent with its " +
      "Location header twice, with the same value: the render sets it and the replay of the cache " +
      "entry's headers appends it again. A client that joins repeated headers sees '/a, /a'.",
    workaround:
      "Browsers follow it, so the app lives with it; the e2e test of a renamed university's old " +
      "address accepts one or more Location headers as long as each names the new address.",
    upstream: [
      "https://github.com/vercel/next.js/issues/82117",
      "https://github.com/vercel/next.js/pull/95913",
    ],
    seenWith: "next 15.4.4 to 16.4.5 (16.4.5 installed)",
    appliedIn: ["tests/e2e/university-rename.spec.ts", "docs/decisions/0013-slug-history.md"],
    whenFixed: "expect exactly one Location header in tests/e2e/university-rename.spec.ts",
  },
  ACTION_ARGUMENTS_IN_FIELDS: {
    problem:
      "A server action bound in a client component (action.bind(null, id)) and given to " +
      "useActionState never finishes rendering the answer to a form posted without JavaScript: " +
      "React's signature check suspends on the bound arguments' promise, and each retry binds " +
      "again, making a new pending promise.",
    workaround:
      "Forms posted to server actions carry their arguments in hidden fields (the application " +
      "form's programId), never as bound arguments.",
    upstream: [
      "https://github.com/vercel/next.js/issues/98045",
      "https://github.com/vercel/next.js/issues/57867",
      "https://github.com/vercel/next.js/pull/98085",
    ],
    seenWith: "next 14.0 to 16.4.5; 16.4.5 installed, with its React 19.3.0-canary-278794d7-20261002",
    appliedIn: ["lib/applications/actions.ts", "components/applications/application-form.tsx"],
    whenFixed:
      "a server action may take bound arguments again; the hidden fields may stay (they also work " +
      "before hydration), so only the comments need to change",
  },
  UNDECODABLE_PATHS_IN_PROXY: {
    problem:
      "A path whose percent-escapes are not UTF-8 (/university/%C0%AF, a stray %) makes Next's " +
      "router throw while matching a dynamic route, and `next start` answers a bare 500 before any " +
      "page or route handler runs.",
    workaround:
      "proxy.ts answers such a path first (lib/http/decodable-path.ts): a page's address with the " +
      "404 page, a route handler's with a 400 in the API's JSON error shape.",
    upstream: [
      "https://github.com/vercel/next.js/issues/43303",
      "https://github.com/vercel/next.js/pull/92557",
    ],
    seenWith: "next 16.4.5 installed (reported since 13.0)",
    appliedIn: ["proxy.ts", "lib/http/decodable-path.ts"],
    whenFixed:
      "Next answers such a page 404 itself; keep the proxy's 400 for route handlers (the API's error " +
      "shape), and let pages fall through to Next",
  },
  PAGE_CACHE_KEY_FORMAT: {
    problem:
      "Not a bug: the cache handler tells rendered pages from cached reads by Next 16's cache key of " +
      "a rendered app page, /route-cache/APP_PAGE/<route hash>/$<pathname>, an internal detail.",
    workaround:
      "PAGE_KEY in lib/cache/rendered-pages.js reads that key (pageKey in tests/support/cache.ts " +
      "writes one for the tests).",
    upstream: [],
    seenWith: "next 16.4.5 (getRouteCacheKey in next/dist/server/lib/route-cache-key.js)",
    appliedIn: ["lib/cache/rendered-pages.js", "tests/support/cache.ts"],
    whenFixed: "update PAGE_KEY and pageKey to the new key",
  },
} as const satisfies Record<string, NextWorkaround>;

export type NextWorkaroundName = keyof typeof NEXT_WORKAROUNDS;
