import AuthPage from "@/app/(auth)/auth/page";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { loginAction } from "@/lib/auth/actions";
import { Agent, ORIGIN } from "../support/agent";
import { cleanup, createStudent, TEST_PASSWORD } from "../support/factories";
import { OPEN_REDIRECTS } from "../support/hostile";
import { runWithRequest } from "../support/next-headers";
import { landsOnThisSite } from "../support/redirects";
import { signIn } from "../support/roles";

// Every way a redirect target comes in from outside (a callbackUrl in a query, a form or Auth.js's
// callback-url cookie) ends on this site: Auth.js's sign-out (its GET page, then the POST) and
// sign-in, the /auth page of a signed-in visitor and the sign-in form's server action. (GET
// /api/auth/google uses the same function; Google is off in these tests.) Each known
// open-redirect payload is answered with a same-site Location (the payload when it is a harmless
// path, else the default page), and no Auth.js endpoint answers one with a server error.

afterAll(cleanup);

type NextAuthParams = Record<string, string>;
const params = (action: string) => ({ nextauth: [action] }) as unknown as NextAuthParams;

/** The payloads, with the brief's first report: a sign-out that sent the browser to another site. */
const PAYLOADS = [...new Set<string>([...OPEN_REDIRECTS, "https://evil.example//evil.example/phish"])];

/** What a Location or a stored callback URL means to the browser: a path on this site, or not. */
function expectOnThisSite(target: string | null, payload: string) {
  expect(target).not.toBeNull();
  const url = new URL(target!, ORIGIN);
  const path = url.origin === ORIGIN ? `${url.pathname}${url.search}${url.hash}` : target!;
  if (!landsOnThisSite(path)) throw new Error(`${JSON.stringify(payload)} led to ${JSON.stringify(target)}`);
}

/** The callback URL Auth.js stored in its cookie, if the answer set one. */
function storedCallback(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^(?:__Secure-)?authjs\.callback-url=([^;]*)/.exec(cookie);
    if (match) return decodeURIComponent(match[1]);
  }
  return null;
}

async function csrfToken(agent: Agent): Promise<string> {
  const response = await agent.call(authGet, "/api/auth/csrf", { params: params("csrf") });
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** The target of Next's redirect() thrown by a page or a server action. */
async function redirectOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    const match = typeof digest === "string" ? /^NEXT_REDIRECT;[^;]*;(.*);\d{3};?$/.exec(digest) : null;
    if (match) return match[1];
    throw error;
  }
  return null;
}

let student: Awaited<ReturnType<typeof createStudent>>;
beforeAll(async () => {
  student = await createStudent();
});

test("sign-out: the GET page and the POST keep the browser on this site, whatever the callbackUrl", async () => {
  const agent = await signIn(student.username);
  for (const payload of PAYLOADS) {
    const query = new URLSearchParams({ callbackUrl: payload });
    const page = await agent.call(authGet, `/api/auth/signout?${query}`, { params: params("signout") });
    expect(page.status).toBeLessThan(500);
    const stored = storedCallback(page);
    if (stored !== null) expectOnThisSite(stored, payload);
    const token = await csrfToken(agent);
    const response = await agent.call(authPost, "/api/auth/signout", {
      method: "POST",
      params: params("signout"),
      ...form({ csrfToken: token, callbackUrl: payload }),
    });
    expect(response.status).toBe(302);
    expectOnThisSite(response.headers.get("location"), payload);
  }
});

test("sign-out with the payload in Auth.js's callback-url cookie only", async () => {
  for (const payload of PAYLOADS.filter((p) => p.length < 3000)) {
    const agent = new Agent();
    const token = await csrfToken(agent);
    agent.cookies.set("authjs.callback-url", payload);
    const response = await agent.call(authPost, "/api/auth/signout", {
      method: "POST",
      params: params("signout"),
      ...form({ csrfToken: token }),
    });
    if (response.status !== 302)
      throw new Error(`${JSON.stringify(payload)}: ${response.status} ${await response.text()}`);
    expectOnThisSite(response.headers.get("location"), payload);
  }
});

test("sign-in: GET /api/auth/signin sends the browser to /auth and stores only a same-site path", async () => {
  const agent = new Agent();
  for (const payload of PAYLOADS) {
    const query = new URLSearchParams({ callbackUrl: payload });
    const response = await agent.call(authGet, `/api/auth/signin?${query}`, { params: params("signin") });
    expect(response.status).toBe(302);
    const location = response.headers.get("location");
    expectOnThisSite(location, payload);
    // The way back that /auth is given is held to the same rule.
    const back = new URL(location!, ORIGIN).searchParams.get("callbackUrl");
    if (back !== null) expectOnThisSite(back, payload);
    const stored = storedCallback(response);
    if (stored !== null) expectOnThisSite(stored, payload);
  }
});

test("/auth?callbackUrl= for a signed-in visitor redirects on this site, never a server error", async () => {
  const agent = await signIn(student.username);
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ");
  for (const payload of [...PAYLOADS, "/%C3%A9", "/\u00e9"]) {
    const request = new Request(`${ORIGIN}/auth`, { headers: { cookie, host: new URL(ORIGIN).host } });
    const { result: target } = await runWithRequest(request, () =>
      redirectOf(
        () => AuthPage({ searchParams: Promise.resolve({ callbackUrl: payload }) }) as Promise<unknown>,
      ),
    );
    expectOnThisSite(target, payload);
  }
  // A path with a letter outside ASCII comes back encoded, not as raw UTF-8 in a header.
  const request = new Request(`${ORIGIN}/auth`, { headers: { cookie } });
  const { result } = await runWithRequest(request, () =>
    redirectOf(
      () => AuthPage({ searchParams: Promise.resolve({ callbackUrl: "/\u00e9" }) }) as Promise<unknown>,
    ),
  );
  expect(result).toBe("/%C3%A9");
});

test("the sign-in form's server action redirects on this site", async () => {
  for (const payload of PAYLOADS) {
    const data = new FormData();
    data.append("username", student.username);
    data.append("password", TEST_PASSWORD);
    data.append("callbackUrl", payload);
    const request = new Request(`${ORIGIN}/auth`, {
      method: "POST",
      headers: { host: new URL(ORIGIN).host, origin: ORIGIN, "x-forwarded-proto": "http" },
    });
    const { result: target } = await runWithRequest(request, () => redirectOf(() => loginAction({}, data)));
    expectOnThisSite(target, payload);
  }
});

test("no Auth.js endpoint answers a hostile callbackUrl, in the query or its cookie, with a 500", async () => {
  const actions: [string, "GET" | "POST"][] = [
    ["session", "GET"],
    ["csrf", "GET"],
    ["providers", "GET"],
    ["signin", "GET"],
    ["signout", "GET"],
    ["error", "GET"],
    ["session", "POST"],
    ["signout", "POST"],
  ];
  const failures: string[] = [];
  for (const payload of PAYLOADS) {
    for (const [action, method] of actions) {
      for (const where of ["query", "cookie"] as const) {
        const agent = new Agent();
        const token = method === "POST" ? await csrfToken(agent) : "";
        if (where === "cookie") agent.cookies.set("authjs.callback-url", payload);
        const query = where === "query" ? `?${new URLSearchParams({ callbackUrl: payload })}` : "";
        const response = await agent.call(
          method === "GET" ? authGet : authPost,
          `/api/auth/${action}${query}`,
          {
            method,
            params: params(action),
            ...(method === "POST" ? form({ csrfToken: token }) : {}),
          },
        );
        const location = response.headers.get("location");
        if (response.status >= 500)
          failures.push(`${method} ${action} (${where}) ${JSON.stringify(payload)}: ${response.status}`);
        else if (location !== null && !landsOnThisSite(new URL(location, ORIGIN).pathname))
          failures.push(`${method} ${action} (${where}) ${JSON.stringify(payload)}: Location ${location}`);
      }
    }
  }
  expect(failures).toEqual([]);
});
