import { UNDECODABLE_PAGE, UNDECODABLE_PATH } from "@/lib/http/decodable-path";
import { BROKEN_ESCAPES } from "../support/hostile";
import { cleanup, createUser, uniqueTag } from "../support/factories";
import { dynamicPagePatterns, routeThroughNext, type Routed } from "../support/next-routing";
import { signIn } from "../support/roles";
import { loadRouteFiles } from "../support/routes";

// A path whose percent-escapes do not spell UTF-8 (/university/%C0%AF) reached Next's decoding of
// the dynamic segments as it was, which threw, and `next start` answered a bare "Internal Server
// Error" with status 500 for every page and route handler with a segment. proxy.ts now answers
// such a path itself (lib/http/decodable-path.ts): every dynamic segment of every page and route,
// with each broken escape, for every method, signed out and signed in, gets the 404 page (pages)
// or a 400 in the JSON error shape (route handlers), and never reaches the undecodable 500.

let cookies: Record<"student" | "admin", string>;

beforeAll(async () => {
  const tag = uniqueTag();
  const header = async (role: "student" | "super") => {
    const user = await createUser({ role, username: `${tag}_${role}` });
    const agent = await signIn(user.username);
    return [...agent.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  };
  cookies = { student: await header("student"), admin: await header("super") };
});

afterAll(cleanup);

const handlerPatterns = loadRouteFiles()
  .map(({ pattern }) => pattern)
  .filter((pattern) => pattern.includes("["));
const pagePatterns = dynamicPagePatterns();

/** The pattern's address with `segment` (as written) in every dynamic segment. */
function addressWith(pattern: string, segment: string): string {
  return pattern
    .split("/")
    .filter((part) => !/^\(.*\)$/.test(part))
    .map((part) => (/^\[.+\]$/.test(part) ? segment : part))
    .join("/");
}

/** Alone, inside valid text, twice over. */
const SEGMENTS = BROKEN_ESCAPES.flatMap((escape) => [escape, `harvard-${escape}`, `1${escape}2${escape}`]);

/** Over https: the session cookies of the test environment are the __Secure- ones. */
const https = (path: string) => `https://localhost:3000${path}`;

test("the app has dynamic pages and routes to check", () => {
  expect(pagePatterns).toEqual(
    expect.arrayContaining(["/university/[slug]", "/apply/[programId]", "/resources/[guide]"]),
  );
  expect(handlerPatterns).toEqual(
    expect.arrayContaining(["/api/universities/by-slug/[slug]", "/flags/[code]", "/uploads/[key]"]),
  );
});

/** A 400 in the API's error shape, from the proxy. */
function handlerProblem(routed: Routed): string | null {
  if (routed.kind !== "answered") return `${routed.kind}, not the proxy's 400`;
  if (routed.status !== 400 || !/^application\/json/.test(routed.contentType))
    return `status ${routed.status}`;
  const body = JSON.parse(routed.text) as { error?: unknown; requestId?: unknown };
  return body.error === UNDECODABLE_PATH && typeof body.requestId === "string" ? null : routed.text;
}

test.each(handlerPatterns)(
  "%s: a segment that is not UTF-8 is a 400 in the JSON error shape",
  async (pattern) => {
    const problems: string[] = [];
    for (const segment of SEGMENTS)
      for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
        const url = `${addressWith(pattern, segment)}?q=x`;
        const found = handlerProblem(await routeThroughNext(pattern, url, { method }));
        if (found) problems.push(`${method} ${url}: ${found}`);
      }
    expect(problems).toEqual([]);
  },
);

test.each(pagePatterns)(
  "%s: a segment that is not UTF-8 is the 404 page, signed in or out",
  async (pattern) => {
    const problems: string[] = [];
    for (const segment of SEGMENTS)
      for (const [who, cookie] of [["anonymous", ""], ...Object.entries(cookies)]) {
        const url = addressWith(pattern, segment);
        const routed = await routeThroughNext(pattern, https(url), { headers: cookie ? { cookie } : {} });
        // Rewritten to an address no page has: Next answers the 404 page.
        const notFound = routed.kind === "elsewhere" && routed.url === UNDECODABLE_PAGE;
        if (!notFound) problems.push(`${url} as ${who}: ${JSON.stringify(routed).slice(0, 200)}`);
      }
    expect(problems).toEqual([]);
  },
);

test("no route can have the address the proxy rewrites such pages to", async () => {
  for (const pattern of [...pagePatterns, ...handlerPatterns])
    expect(await routeThroughNext(pattern, UNDECODABLE_PAGE)).toMatchObject({ kind: "elsewhere" });
  expect(UNDECODABLE_PAGE).toMatch(/^\/_/);
});

test("paths that decode are left alone: no answer of the proxy's, the page or handler gets them", async () => {
  expect(await routeThroughNext("/university/[slug]", "/university/caf%C3%A9?q=%C0%AF")).toEqual({
    kind: "handled",
    url: "/university/caf%C3%A9?q=%C0%AF",
    params: { slug: "café" },
  });
  expect(
    await routeThroughNext("/api/universities/by-slug/[slug]", "/api/universities/by-slug/100%25"),
  ).toEqual({
    kind: "handled",
    url: "/api/universities/by-slug/100%25",
    params: { slug: "100%" },
  });
  expect(await routeThroughNext("/api/auth/[...nextauth]", "/api/auth/session/%00")).toMatchObject({
    kind: "handled",
    params: { nextauth: ["session", "\u0000"] },
  });
});
