import { expect, test } from "@playwright/test";
import { OIDC_MOCK_PORT } from "./ports";
import { startOidcMock } from "./mock-servers";

// The whole Google redirect/callback flow, against a local OpenID Connect provider.

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

test("a Google sign-in with the e-mail of an existing account links to that account", async ({
  page,
  request,
}) => {
  const id = Date.now().toString(36);
  const email = `linked.${id}@example.com`;
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
