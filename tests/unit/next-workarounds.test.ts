import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { NextRequest } from "next/server";
import * as nextConstants from "next/dist/lib/constants";
import { getRouteCacheKey } from "next/dist/server/lib/route-cache-key";
import { getResolveRoutes } from "next/dist/server/lib/router-utils/resolve-routes";
import { getRouteMatcher } from "next/dist/shared/lib/router/utils/route-matcher";
import { getNamedRouteRegex } from "next/dist/shared/lib/router/utils/route-regex";
import { DecodeError } from "next/dist/shared/lib/utils";
import { markerOf } from "@/lib/cache/rendered-pages";
import { NEXT_WORKAROUNDS, type NextWorkaroundName } from "@/lib/next-workarounds";
import { pageKey } from "../support/cache";

// Each workaround of lib/next-workarounds.ts, checked against the installed next and its React:
// every test reproduces the problem with Next's own code and passes while it is still there. One
// that fails says which workaround the upgrade made unnecessary.

const ROOT = process.cwd();

/** Passes while the problem shows; otherwise names the workaround to remove and how. */
function stillNeeded(name: NextWorkaroundName, problemShows: boolean): void {
  if (!problemShows) {
    throw new Error(
      `upstream fixed: remove workaround ${name} (lib/next-workarounds.ts): ${NEXT_WORKAROUNDS[name].whenFixed}`,
    );
  }
}

/** Next's handler of app pages, as `next build` copies it into every page's server bundle. */
const APP_PAGE_RUNTIME = readFileSync(
  require.resolve("next/dist/build/templates/app-page-runtime.js"),
  "utf8",
);

/** The code of `source` from `head` to the brace that closes the one `head` opens, or null. */
function blockAt(source: string, head: string): string | null {
  const start = source.indexOf(head);
  if (start < 0) return null;
  let depth = 0;
  for (let i = start + head.length - 1; i < source.length; i++) {
    if (source[i] === "{") depth++;
    else if (source[i] === "}" && --depth === 0) return source.slice(start, i + 1);
  }
  return null;
}

/** A block of Next's code the test runs or reads; missing, Next changed it: check the entry by hand. */
function nextCode(name: NextWorkaroundName, head: string): string {
  const block = blockAt(APP_PAGE_RUNTIME, head);
  if (block === null) {
    throw new Error(
      `Next's app-page handler no longer has \`${head}\`: check by hand whether ${name} ` +
        `(lib/next-workarounds.ts) is still needed, then update this test`,
    );
  }
  return block;
}

describe("the register", () => {
  const SOURCES = ["app", "components", "lib", "scripts", "tests", "docs"];
  const ROOT_FILES = ["next.config.js", "proxy.ts", "DEVELOPERS.md"];
  function files(dir: string): string[] {
    return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "generated" ? [] : files(relative);
      return /\.(tsx?|c?js|mjs|md)$/.test(entry.name) ? [relative] : [];
    });
  }

  test.each(Object.entries(NEXT_WORKAROUNDS))("%s: each file it lists names it", (name, entry) => {
    expect(entry.appliedIn.length).toBeGreaterThan(0);
    for (const file of entry.appliedIn) {
      expect([file, existsSync(path.join(ROOT, file))]).toEqual([file, true]);
      expect([file, readFileSync(path.join(ROOT, file), "utf8").includes(name)]).toEqual([file, true]);
    }
  });

  test("every workaround the code names is an entry that lists the file", () => {
    const mentions = [...SOURCES.flatMap(files), ...ROOT_FILES].flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), "utf8").matchAll(/Next workaround ([A-Z_]+)/g)].map(
        (match) => [file, match[1]!] as const,
      ),
    );
    expect(mentions.length).toBeGreaterThan(0);
    for (const [file, name] of mentions) {
      const entry = (NEXT_WORKAROUNDS as Record<string, { appliedIn: readonly string[] }>)[name];
      expect([file, name, entry?.appliedIn.includes(file) ?? "no such entry"]).toEqual([file, name, true]);
    }
  });
});

test("NO_CACHE_COMPONENTS: Next sends a resumed page's shell without waiting for the resumed render", () => {
  // The status of notFound() in the resumed (dynamic) part arrives after the shell's 200 is sent.
  const resume = nextCode("NO_CACHE_COMPONENTS", "const resumeRender = ");
  const startedUnawaited = /\bdoRender\(/.test(resume) && !/await\s+doRender\(/.test(resume);
  const setsStatus = /statusCode/.test(resume);
  const awaitedByCaller = /(await|=)\s*resumeRender\(/.test(APP_PAGE_RUNTIME);
  stillNeeded("NO_CACHE_COMPONENTS", startedUnawaited && !setsStatus && !awaitedByCaller);
});

/** Next's router (resolve-routes) with one proxy, for `next start -H <hostname> -p 3000`. */
function nextRouter(options: {
  hostname: string;
  /** The proxy's answer for the URL it sees (request.url): a rewrite's target. */
  rewrite?: (url: string) => string;
  /** Pages with dynamic segments, e.g. /university/[slug]. */
  dynamicPages?: string[];
}) {
  const dynamicRoutes = (options.dynamicPages ?? []).map((page) => ({
    page,
    // As Next's filesystem checker builds them (buildFilesystemDynamicRoute).
    match: getRouteMatcher(
      getNamedRouteRegex(page, { prefixRouteKeys: true, includePrefix: true, includeSuffix: true }),
    ),
  }));
  const fsChecker = {
    headers: [],
    redirects: [],
    rewrites: { beforeFiles: [], afterFiles: [], fallback: [] },
    buildId: "build",
    getMiddlewareMatchers: () => (options.rewrite ? () => true : undefined),
    getItem: async () => null,
    getDynamicRoutes: () => dynamicRoutes,
    handleLocale: (pathname: string) => ({ pathname }),
    onMatchHeaders: () => {},
  };
  const config = { basePath: "", trailingSlash: false, useFileSystemPublicRoutes: true, experimental: {} };
  // Next's server runs the proxy with a NextRequest of the address (next.config.js without
  // skipProxyUrlNormalize); the proxy's rewrite comes back in x-middleware-rewrite.
  const renderServer = {
    initialize: async () => ({
      requestHandler: async (req: IncomingMessage) => {
        const seen = new NextRequest(`http://${options.hostname}:3000${req.url}`).url;
        const response = new Response(null, { headers: { "x-middleware-rewrite": options.rewrite!(seen) } });
        throw { result: { response } };
      },
    }),
  };
  const resolve = getResolveRoutes(
    fsChecker as never,
    config as never,
    () => "",
    { dir: ROOT, port: 3000, hostname: options.hostname, dev: false, minimalMode: false } as never,
    renderServer as never,
    {} as never,
  );
  return (url: string) => {
    const req = new IncomingMessage(new Socket());
    Object.assign(req, { url, method: "GET", headers: { host: `${options.hostname}:3000` } });
    return resolve({
      req,
      res: new ServerResponse(req),
      isUpgradeReq: false,
      invokedOutputs: new Set(),
    } as never);
  };
}

test("RAW_PROXY_URL: under -H 127.0.0.1, a rewrite built on the proxy's request.url leaves the server", async () => {
  const rewrite = (seen: string) => new URL("/universities/search/q/Y291bnRyeT1mcg", seen).href;
  // The control: on 'localhost' the rewrite stays in the process (a path, no protocol).
  const onLocalhost = await nextRouter({ hostname: "localhost", rewrite })("/universities/search?country=fr");
  expect(onLocalhost.parsedUrl.protocol).toBeFalsy();
  const onLoopback = await nextRouter({ hostname: "127.0.0.1", rewrite })("/universities/search?country=fr");
  stillNeeded("RAW_PROXY_URL", Boolean(onLoopback.parsedUrl.protocol));
});

test("UNDECODABLE_PATHS_IN_PROXY: Next's router throws on a dynamic segment that does not decode", async () => {
  const route = nextRouter({ hostname: "localhost", dynamicPages: ["/university/[slug]"] });
  await expect(route("/university/oxford")).resolves.toMatchObject({ finished: false });
  const undecodable = await route("/university/%C0%AF").then(
    () => false,
    (error: unknown) => error instanceof DecodeError,
  );
  stillNeeded("UNDECODABLE_PATHS_IN_PROXY", undecodable);
});

test("REPEATED_REDIRECT_LOCATION: replaying a cached redirect's headers appends Location again", () => {
  // Next's own loop over a cache entry's headers, run on the response its render already answered.
  const replay = nextCode("REPEATED_REDIRECT_LOCATION", "if (cachedData.headers) {");
  const run = new Function("res", "cachedData", "_constants1", "isMinimalMode", "isSSG", replay);
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  // What the render of permanentRedirect() set (app-render's setHeader), then stored in the entry.
  res.setHeader("location", "/university/new-name");
  run(res, { headers: { location: "/university/new-name" } }, nextConstants, false, true);
  const locations = [res.getHeader("location")].flat();
  expect(new Set(locations)).toEqual(new Set(["/university/new-name"]));
  stillNeeded("REPEATED_REDIRECT_LOCATION", locations.length > 1);
});

test("ACTION_ARGUMENTS_IN_FIELDS: a form state answer to an action bound during render never renders", async () => {
  const script = path.join(ROOT, "tests/fixtures/next-workarounds/bound-action-state.cjs");
  const render = async (mode: "unbound" | "bound") => {
    const { stdout } = await promisify(execFile)(process.execPath, [script, mode], {
      env: { ...process.env, NODE_ENV: "production" },
      timeout: 30_000,
    });
    return JSON.parse(stdout) as { renders: number; finished: boolean };
  };
  // The control: the same form with the action as imported renders once.
  expect(await render("unbound")).toEqual({ renders: 1, finished: true });
  const bound = await render("bound");
  stillNeeded("ACTION_ARGUMENTS_IN_FIELDS", !bound.finished);
});

test("PAGE_CACHE_KEY_FORMAT: Next's cache key of a rendered page is the one the cache handler reads", () => {
  const owner = { kind: "APP_PAGE", sourceRoute: "/university/[slug]/page" } as const;
  const keys = {
    page: getRouteCacheKey("/university/oxford", owner as never),
    home: getRouteCacheKey("/", { kind: "APP_PAGE", sourceRoute: "/page" } as never),
    route: getRouteCacheKey("/sitemaps/0.xml", {
      kind: "APP_ROUTE",
      sourceRoute: "/sitemaps/[n]/route",
    } as never),
  };
  const read = {
    page: markerOf("p:", keys.page),
    home: markerOf("p:", keys.home),
    route: markerOf("p:", keys.route),
    // The tests' own page entries (tests/support/cache.ts) have the same shape.
    tests: markerOf("p:", pageKey("/university/oxford")),
  };
  const expected = {
    page: "p:rendered:/university/oxford",
    home: "p:rendered:/index",
    route: null,
    tests: read.page,
  };
  if (JSON.stringify(read) !== JSON.stringify(expected)) {
    throw new Error(
      `Next changed its cache key of a rendered page (${keys.page}): ` +
        `${NEXT_WORKAROUNDS.PAGE_CACHE_KEY_FORMAT.whenFixed} (PAGE_CACHE_KEY_FORMAT, lib/next-workarounds.ts)`,
    );
  }
});
