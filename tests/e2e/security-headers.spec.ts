import type { APIResponse, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Every kind of response carries the security headers of
// lib/http/security-headers.js, and the pages run under that policy with no violation.

const MIT = "massachusetts-institute-of-technology";
// A whole 1×1 PNG (lib/images/sniff.ts accepts it).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

// Uploaded files: nothing loads or runs, even when one is opened as a document.
const UPLOAD_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp, `CSP of ${response.url()}`).toBeTruthy();
  if (new URL(response.url()).pathname.startsWith("/uploads/")) {
    expect(csp, `CSP of ${response.url()}`).toBe(UPLOAD_POLICY);
  } else {
    for (const directive of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp, `${directive} on ${response.url()}`).toContain(directive);
    }
    // The e2e server is a production build.
    expect(csp).not.toContain("unsafe-eval");
  }
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
}

test("pages, API answers, files, the 404 page and redirects carry the security headers", async ({
  request,
}) => {
  const cases: [string, number][] = [
    ["/", 200],
    [`/university/${MIT}`, 200],
    ["/api/countries", 200],
    ["/api/universities/not-a-number", 400],
    ["/api/user", 401],
    ["/flags/fr.svg", 200],
    ["/sitemap.xml", 200],
    ["/robots.txt", 200],
    ["/no-such-page", 404],
    ["/uploads/00000000000000000000000000000000.png", 404],
  ];
  for (const [path, status] of cases) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(status);
    expectSecurityHeaders(response);
  }
  // Redirects: proxy.ts (signed out on /admin) and a route handler's redirect().
  for (const path of ["/admin/dash", "/user/profile", "/api/auth/google?callbackUrl=%2F"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeGreaterThanOrEqual(300);
    expect(response.status(), path).toBeLessThan(400);
    expectSecurityHeaders(response);
  }
});

test("an uploaded file keeps its own stricter policy", async ({ superAdmin }) => {
  const upload = await superAdmin.context.request.post("/api/uploads", {
    headers: { "Content-Type": "image/png" },
    data: PNG,
  });
  expect(upload.status()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const response = await superAdmin.context.request.get(url);
  expect(response.status()).toBe(200);
  expectSecurityHeaders(response);
});

/** Collects CSP violations: the browser's console reports and the page's securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => [
    ...console,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
}

test("public pages run under the policy: home, search, a university and /auth", async ({ page }) => {
  const violations = await watchViolations(page);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Find your dream university" })).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto("/universities/search");
  // The search form works: typing changes the URL and the results.
  await page.getByLabel("University name").fill("technology");
  await expect(page).toHaveURL(/q=technology/);
  await expect(page.locator("main article").first()).toContainText(/technology/i);
  expect(await violations()).toEqual([]);

  await page.goto(`/university/${MIT}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("tab").first()).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto("/auth?tab=register");
  await expect(
    page
      .getByRole("button", { name: "Continue with Google" })
      .or(page.getByRole("link", { name: "Continue with Google" })),
  ).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the admin dashboard runs under the policy and a dialog opens", async ({ superAdmin }) => {
  const { page } = superAdmin;
  const violations = await watchViolations(page);

  await page.goto("/admin/dash");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto("/admin/universities");
  const trigger = page.getByRole("button", { name: /^Delete / }).first();
  const dialog = page.getByRole("alertdialog");
  // A click before hydration opens nothing: click again until the dialog is there.
  await expect(async () => {
    if (!(await dialog.isVisible())) await trigger.click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await violations()).toEqual([]);
});
