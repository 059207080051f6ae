import type { APIRequestContext, APIResponse } from "@playwright/test";
import { OPEN_REDIRECTS } from "../support/hostile";
import { landsOnThisSite } from "../support/redirects";
import { expect, signIn, test } from "./fixtures";

// Open redirects against the production build: every entry point that takes a callbackUrl
// answers with a Location on this site (the path when it is a harmless one, else the default
// page), correctly encoded, and never with a server error. The unit and integration tests run
// the whole payload corpus; this checks the real server's headers with a sample of it.

const PAYLOADS = [
  "https://evil.example//evil.example/phish",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/%2F%2Fevil.example",
  "/%252F%252Fevil.example",
  "/%5Cevil.example",
  "/%E3%80%80/x",
  "/\u3000/x",
  "/\uff0fevil.example",
  "/%C0%AF/evil.example",
  "/a/..//evil.example",
  "javascript:alert(1)",
  "\\/evil.example",
  "//localhost@evil.example",
];

test("the payload sample is part of the corpus", () => {
  const corpus: readonly string[] = OPEN_REDIRECTS;
  expect(PAYLOADS.filter((payload) => !corpus.includes(payload))).toEqual([]);
});

function expectSameSite(response: APIResponse, payload: string, baseURL: string) {
  const location = response.headers()["location"];
  expect(location, `${JSON.stringify(payload)}: a redirect`).toBeTruthy();
  const url = new URL(location, baseURL);
  expect(url.origin, `${JSON.stringify(payload)} led to ${location}`).toBe(new URL(baseURL).origin);
  expect(
    landsOnThisSite(`${url.pathname}${url.search}${url.hash}`),
    `${JSON.stringify(payload)} led to ${location}`,
  ).toBe(true);
}

/** The callback URL Auth.js stored in its cookie, if the answer set one. */
function storedCallback(response: APIResponse): string | null {
  for (const { name, value } of response.headersArray()) {
    if (name.toLowerCase() !== "set-cookie") continue;
    const match = /^(?:__Secure-)?authjs\.callback-url=([^;]*)/.exec(value);
    if (match) return decodeURIComponent(match[1]);
  }
  return null;
}

async function csrfToken(request: APIRequestContext): Promise<string> {
  return ((await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
}

test("sign-out's GET page and POST keep a signed-in browser on this site", async ({ student, baseURL }) => {
  const request = student.page.request;
  for (const payload of PAYLOADS) {
    const page = await request.get(`/api/auth/signout?${new URLSearchParams({ callbackUrl: payload })}`, {
      maxRedirects: 0,
    });
    expect(page.status(), JSON.stringify(payload)).toBeLessThan(500);
    const response = await request.post("/api/auth/signout", {
      form: { csrfToken: await csrfToken(request), callbackUrl: payload },
      maxRedirects: 0,
    });
    expect(response.status(), JSON.stringify(payload)).toBe(302);
    expectSameSite(response, payload, baseURL!);
    await signIn(student.page, student.account.username, student.account.password);
  }
});

test("GET /api/auth/signin stores and forwards only a same-site path", async ({ request, baseURL }) => {
  for (const payload of PAYLOADS) {
    const response = await request.get(`/api/auth/signin?${new URLSearchParams({ callbackUrl: payload })}`, {
      maxRedirects: 0,
    });
    expect(response.status(), JSON.stringify(payload)).toBe(302);
    expectSameSite(response, payload, baseURL!);
    const stored = storedCallback(response);
    if (stored !== null) expect(landsOnThisSite(new URL(stored, baseURL).pathname)).toBe(true);
  }
});

test("/auth?callbackUrl= sends a signed-in visitor on this site, encoded, never a 500", async ({
  student,
  baseURL,
}) => {
  const request = student.page.request;
  for (const payload of [...PAYLOADS, "/%C3%A9"]) {
    const response = await request.get(`/auth?${new URLSearchParams({ callbackUrl: payload })}`, {
      maxRedirects: 0,
    });
    expect(response.status(), JSON.stringify(payload)).toBeLessThan(400);
    expectSameSite(response, payload, baseURL!);
  }
  const encoded = await request.get("/auth?callbackUrl=/%C3%A9", { maxRedirects: 0 });
  expect(new URL(encoded.headers()["location"], baseURL).pathname).toBe("/%C3%A9");
});

test("after a protected page sends a visitor to sign in, the sign-in form brings them back", async ({
  page,
  student,
}) => {
  await page.goto("/user/profile?tab=password");
  await expect(page).toHaveURL("/auth?callbackUrl=%2Fuser%2Fprofile%3Ftab%3Dpassword");
  await page.getByLabel("Username").fill(student.account.username);
  await page.getByLabel("Password", { exact: true }).fill(student.account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL("/user/profile?tab=password");
});

test("the sign-in form without JavaScript (its server action) ignores a callbackUrl to another site", async ({
  browser,
  student,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const payload of [
    "//evil.example",
    "/%2F%2Fevil.example",
    "https://evil.example//evil.example/phish",
  ]) {
    await context.clearCookies();
    await page.goto(`/auth?${new URLSearchParams({ callbackUrl: payload })}`);
    await page.getByLabel("Username").fill(student.account.username);
    await page.getByLabel("Password", { exact: true }).fill(student.account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/user/dash`);
  }
  await context.close();
});
