import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { OIDC_MOCK_PORT, SMTP_CAPTURE_PORT } from "./ports";
import { decodeQuotedPrintable, MAIL_WAIT, startOidcMock, startSmtpCapture } from "./mock-servers";

// The whole Google redirect/callback flow, against a local OpenID Connect provider; e-mail
// verification links come through the SMTP capture.

/** Registers through POST /api/register; with `verify`, follows the verification link it sends. */
async function registerStudent(request: APIRequestContext, id: string, email: string, verify: boolean) {
  const smtp = verify ? await startSmtpCapture(SMTP_CAPTURE_PORT) : null;
  try {
    const registered = await request.post("/api/register", {
      data: {
        fullName: "Lina Linked",
        email,
        username: `lina_${id}`,
        password: "a long password",
        confirmPassword: "a long password",
      },
    });
    expect(registered.status()).toBe(201);
    if (!smtp) return;
    const mine = () => smtp.inbox.filter((m) => m.to.includes(email));
    await expect.poll(() => mine().length, MAIL_WAIT).toBe(1);
    const link = new URL(
      /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(decodeQuotedPrintable(mine()[0].raw))![0],
    );
    const page = await request.get(link.pathname + link.search);
    expect(await page.text()).toContain("Email address verified");
  } finally {
    await smtp?.stop();
  }
}

test.describe.configure({ mode: "serial" });

test("a first Google sign-in creates a student and lands on the dashboard", async ({ page }) => {
  const id = Date.now().toString(36);
  const mock = await startOidcMock(OIDC_MOCK_PORT, {
    sub: `google-${id}`,
    email: `g.${id}@example.com`,
    name: "Grace Google",
  });
  try {
    await page.goto("/auth");
    await page.getByRole("link", { name: /Continue with Google/ }).click();
    await expect(page).toHaveURL(/\/user\/dash$/);
    await expect(page.getByRole("heading", { name: "My Dashboard" })).toBeVisible();

    const me = await (await page.request.get("/api/user")).json();
    expect(me).toMatchObject({
      fullName: "Grace Google",
      email: `g.${id}@example.com`,
      role: "user",
      googleLinked: true,
      hasPassword: false,
    });
    expect(me.username).toMatch(/^g\./);
  } finally {
    await mock.stop();
  }
});

test("a Google sign-in with the verified e-mail of an existing account links to that account", async ({
  page,
  request,
}) => {
  const id = Date.now().toString(36);
  const email = `linked.${id}@example.com`;
  await registerStudent(request, id, email, true);

  const mock = await startOidcMock(OIDC_MOCK_PORT, {
    sub: `google-link-${id}`,
    email,
    name: "Lina on Google",
  });
  try {
    await page.goto("/auth");
    await page.getByRole("link", { name: /Continue with Google/ }).click();
    await expect(page).toHaveURL(/\/user\/dash$/);
    const me = await (await page.request.get("/api/user")).json();
    expect(me).toMatchObject({
      username: `lina_${id}`,
      fullName: "Lina Linked",
      googleLinked: true,
      hasPassword: true,
    });
  } finally {
    await mock.stop();
  }
});

test("pre-registration takeover: Google does not open an account whose e-mail nobody verified", async ({
  page,
  request,
}) => {
  // Someone registers with an address they do not own...
  const id = Date.now().toString(36);
  const email = `victim.${id}@example.com`;
  await registerStudent(request, id, email, false);

  // ...and the address's real owner then signs in with Google.
  const mock = await startOidcMock(OIDC_MOCK_PORT, { sub: `google-victim-${id}`, email, name: "Real Owner" });
  try {
    await page.goto("/auth");
    await page.getByRole("link", { name: /Continue with Google/ }).click();
    await expect(page).toHaveURL(/\/auth\?error=GoogleAccountUnverified$/);
    await expect(page.getByRole("alert").filter({ hasText: "link Google from your profile" })).toBeVisible();
    expect((await page.request.get("/api/user")).status()).toBe(401);
  } finally {
    await mock.stop();
  }
  // The squatter's account was not linked to the owner's Google account either.
  expect(await (await request.get("/api/user")).json()).toMatchObject({ email, googleLinked: false });
});

test("a signed-in student links Google from the profile and unlinks it", async ({ student }) => {
  const { page, account } = student;
  const mock = await startOidcMock(OIDC_MOCK_PORT, {
    sub: `google-profile-${account.username}`,
    email: `someone.else.${account.username}@example.com`,
    name: "Other Address",
  });
  try {
    await page.goto("/user/profile");
    const google = page.getByRole("region", { name: "Google account" });
    await expect(page.getByText("Not verified")).toBeVisible();
    await page.getByRole("link", { name: "Link Google account" }).click();
    await expect(page).toHaveURL(/\/user\/profile\?google=linked$/);
    await expect(page.getByRole("status").filter({ hasText: "Your Google account is linked" })).toBeVisible();
    await expect(google.getByText("Linked", { exact: true })).toBeVisible();
    // Still the same session and account.
    expect(await (await page.request.get("/api/user")).json()).toMatchObject({
      username: account.username,
      googleLinked: true,
    });

    await google.getByRole("button", { name: "Unlink Google" }).click();
    await expect(google.getByText("Not linked", { exact: true })).toBeVisible();
    expect(await (await page.request.get("/api/user")).json()).toMatchObject({ googleLinked: false });
  } finally {
    await mock.stop();
  }
});
