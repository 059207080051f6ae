import type { Page } from "@playwright/test";
import { createAccount, deleteAccount, expect, signIn, test, uniqueWord } from "./fixtures";

// The auth forms post, so a form sent before the page's JavaScript has run (or
// without it) never puts a password in a URL, and they work then too (lib/auth/actions.ts).
// One failed sign-in per account only: the end-to-end server trusts no proxy (TRUSTED_PROXIES=0),
// so failures count per username from anywhere, and five pause that username.

test.use({ javaScriptEnabled: false });

/** Every URL the page requests or lands on, to check that none carries the password. */
function urlsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("framenavigated", (frame) => urls.push(frame.url()));
  return urls;
}

const signInForm = (page: Page) => page.getByRole("form", { name: "Login" });

test("every auth form posts", async ({ page }) => {
  await page.goto("/auth");
  await expect(signInForm(page)).toHaveAttribute("method", /^post$/i);
  await page.goto("/auth?tab=register");
  await expect(page.getByRole("form", { name: "Register" })).toHaveAttribute("method", /^post$/i);
  await page.goto("/auth/forgot-password");
  await expect(page.locator("form")).toHaveAttribute("method", /^post$/i);
  await page.goto("/auth/reset-password?token=unused");
  await expect(page.locator("form")).toHaveAttribute("method", /^post$/i);
});

test("the Register tab opens without JavaScript through a link", async ({ page }) => {
  await page.goto("/auth?callbackUrl=%2Fuser%2Fprofile");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("form", { name: "Register" })).toBeVisible();
  await expect(page).toHaveURL(/tab=register&callbackUrl=%2Fuser%2Fprofile$/);
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
});

test("the profile and change-password forms post too", async ({ student }) => {
  await student.page.goto("/user/profile");
  for (const field of ["#profile-email", "#current-password"]) {
    await expect(student.page.locator(`form:has(${field})`)).toHaveAttribute("method", /^post$/i);
  }
});

test("signing in without JavaScript lands on the callbackUrl, then on the home page", async ({
  page,
  api,
}) => {
  const account = await createAccount(api, "student");
  try {
    const urls = urlsOf(page);
    await page.goto("/auth?callbackUrl=%2Fuser%2Fprofile");
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/user\/profile$/);

    // Signed in: /auth sends the visitor home.
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/user\/dash$/);
    const password = encodeURIComponent(account.password);
    for (const url of urls) {
      expect(url).not.toContain(password);
      expect(url).not.toContain("password=");
    }
  } finally {
    await deleteAccount(api, account.id);
  }
});

test("a refused sign-in without JavaScript shows the message on the page", async ({ page, api }) => {
  const account = await createAccount(api, "student");
  try {
    await page.goto("/auth");
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid username or password");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByLabel("Username")).toHaveValue(account.username);
  } finally {
    await deleteAccount(api, account.id);
  }
});

test("registering without JavaScript signs the new student in", async ({ page, api }) => {
  const word = uniqueWord();
  const username = `nojs_${word.toLowerCase()}`;
  const urls = urlsOf(page);
  await page.goto("/auth?tab=register");
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("Full name").fill(`Nora ${word}`);
  await form.getByLabel("Email").fill(`${username}@example.com`);
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password", { exact: true }).fill(`Pass-${word}!`);
  await form.getByLabel("Confirm password").fill(`Pass-${word}!`);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/user\/dash$/);

  const found = await api.get(`/api/users?q=${username}`);
  const [user] = (await found.json()) as { id: number; username: string }[];
  expect(user.username).toBe(username);
  await deleteAccount(api, user.id);
  for (const url of urls) expect(url).not.toContain("password=");
});

test("a refused registration without JavaScript shows the field's message", async ({ page }) => {
  await page.goto("/auth?tab=register");
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("Full name").fill("Nora Short");
  await form.getByLabel("Email").fill("nora.short@example.com");
  await form.getByLabel("Username").fill("nora_short");
  await form.getByLabel("Password", { exact: true }).fill("short");
  await form.getByLabel("Confirm password").fill("short");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page.getByRole("form", { name: "Register" }).getByLabel("Email")).toHaveValue(
    "nora.short@example.com",
  );
});

test("asking for a reset link without JavaScript gives the usual answer", async ({ page }) => {
  await page.goto("/auth/forgot-password");
  await page.getByLabel("Email").fill(`nobody.${uniqueWord().toLowerCase()}@example.com`);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/If an account uses this email/)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});

test("a spent or unknown reset link is refused without JavaScript", async ({ page }) => {
  await page.goto("/auth/reset-password?token=not-a-real-token");
  await page.getByLabel(/^new password$/i).fill("a brand new password");
  await page.getByLabel(/confirm/i).fill("a brand new password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("This reset link is invalid or has expired");
});

test("the profile and password forms work without JavaScript", async ({ page, api }) => {
  const account = await createAccount(api, "student");
  try {
    const urls = urlsOf(page);
    await signIn(page, account.username, account.password);
    await page.goto("/user/profile");
    const profile = page.getByRole("form", { name: "Personal information" });

    // A new e-mail needs the current password: refused with the field's message, nothing saved.
    const newEmail = `nojs.${account.username}@example.com`;
    await profile.getByLabel("Email").fill(newEmail);
    await profile.getByLabel("Your password", { exact: true }).fill("not the password");
    await profile.getByRole("button", { name: "Save changes" }).click();
    await expect(profile.getByText("The current password is not correct")).toBeVisible();
    await expect(profile.getByLabel("Email")).toHaveValue(newEmail);

    await profile.getByLabel("Full name").fill("Nora Renamed");
    await profile.getByLabel("Your password", { exact: true }).fill(account.password);
    await profile.getByRole("button", { name: "Save changes" }).click();
    await expect(profile.getByRole("status")).toContainText("We have sent a verification link");
    // The new address waits for its link: the account keeps its own, and the page says so.
    expect(await (await page.request.get("/api/user")).json()).toMatchObject({
      fullName: "Nora Renamed",
      email: account.email,
      pendingEmail: newEmail,
      emailVerified: false,
    });
    await expect(profile.getByLabel("Email")).toHaveValue(account.email);
    const pending = page.getByTestId("pending-email");
    await expect(pending).toContainText(`Pending: ${newEmail}, check your inbox`);
    await expect(pending).toContainText(`Until then your account keeps ${account.email}`);
    await pending.getByRole("button", { name: "Cancel change" }).click();
    await expect(page.getByTestId("pending-email")).toHaveCount(0);
    expect(await (await page.request.get("/api/user")).json()).toMatchObject({
      email: account.email,
      pendingEmail: null,
    });

    const password = page.getByRole("form", { name: "Change password" });
    await password.getByLabel("Current password").fill(account.password);
    await password.getByLabel("New password", { exact: true }).fill("a newer password 2");
    await password.getByLabel("Confirm new password").fill("a newer password 2");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByRole("status")).toContainText("Other devices have been signed out");
    // This browser stays signed in; the new password signs in, the old one no longer does.
    expect((await page.request.get("/api/user")).status()).toBe(200);
    const fresh = await page.context().request.post("/api/login", {
      data: { username: account.username, password: "a newer password 2" },
    });
    expect(fresh.status()).toBe(200);
    for (const url of urls) {
      expect(url).not.toContain("password=");
      expect(url).not.toContain(encodeURIComponent(account.password));
    }
  } finally {
    await deleteAccount(api, account.id);
  }
});
