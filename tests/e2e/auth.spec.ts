import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { expect, test } from "./fixtures";

// Sign-in, registration and the student area (/auth, /user/dash, the sidebar).
// The registration tests register their own accounts; the others get a fresh signed-in account
// from tests/e2e/fixtures.ts. Only the demo student's seeded applications are read.

const STUDENT = { username: "student", password: "Student#2026", firstName: "Sam" };

interface Account {
  fullName: string;
  firstName: string;
  email: string;
  username: string;
  password: string;
}

let counter = 0;

/** A fresh, unique account (not yet registered). */
function newAccount(): Account {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const firstName = `Ada${id.slice(-4)}`;
  return {
    firstName,
    fullName: `${firstName} Tester`,
    email: `e2e_${id}@example.com`,
    username: `e2e_${id}`,
    password: `Pass-${id}!`,
  };
}

/**
 * Registers through the API. With `page.request` the page's browser context is then signed in
 * (it shares the cookies); with the `request` fixture the page stays signed out.
 */
async function registerViaApi(request: APIRequestContext, account = newAccount()): Promise<Account> {
  const response = await request.post("/api/register", {
    data: { ...account, confirmPassword: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

async function signInViaApi(request: APIRequestContext, username: string, password: string) {
  const response = await request.post("/api/login", { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
}

async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Sonner's toasts live in a region named "Notifications ...". */
const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test.describe("/auth", () => {
  test("shows the side panel, both tabs, Return Home, Forgot password and Google sign-in", async ({
    page,
  }) => {
    await page.goto("/auth?callbackUrl=%2Fuser%2Fprofile");
    await expect(page.getByText("Your Academic Journey Starts Here")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Forgot password" })).toHaveAttribute(
      "href",
      "/auth/forgot-password",
    );
    await expect(page.getByRole("link", { name: "Continue with Google" })).toHaveAttribute(
      "href",
      "/api/auth/google?callbackUrl=%2Fuser%2Fprofile",
    );

    await page.getByRole("tab", { name: "Register" }).click();
    await expect(page.getByLabel("Confirm password")).toBeVisible();
    await expect(page).toHaveURL("/auth?callbackUrl=%2Fuser%2Fprofile&tab=register");
  });

  test("the forms show the SPEC messages inline before anything is sent", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Username is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Username")).toBeFocused();

    await page.goto("/auth?tab=register");
    await page.getByLabel("Password", { exact: true }).fill("Correct-horse-1");
    await page.getByLabel("Confirm password").fill("Correct-horse-2");
    await page.getByRole("button", { name: "Create Account" }).click();
    const confirm = page.getByLabel("Confirm password");
    await expect(confirm).toHaveAttribute("aria-invalid", "true");
    await expect(confirm).toHaveAccessibleDescription("Passwords do not match");
  });

  test("registering through the form signs the new student in on the dashboard", async ({ page }) => {
    const account = newAccount();
    await page.goto("/auth?tab=register");
    await page.getByLabel("Full name").fill(account.fullName);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm password").fill(account.password);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL("/user/dash");
    await expect(page.getByRole("heading", { level: 1, name: "My Dashboard" })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${account.firstName}!`)).toBeVisible();
    await expect(page.getByText("No applications submitted yet")).toBeVisible();
    await expect(page.getByText("No upcoming deadlines")).toBeVisible();
    await expect(page.getByRole("banner").getByText(account.fullName, { exact: true })).toBeVisible();
    await expect(page.getByRole("banner").getByText("Student", { exact: true })).toBeVisible();
  });

  test("registering a taken username puts the server's message on the field", async ({ page, request }) => {
    const taken = await registerViaApi(request);
    const account = newAccount();
    await page.goto("/auth?tab=register");
    await page.getByLabel("Full name").fill(account.fullName);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Username").fill(taken.username);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm password").fill(account.password);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(notifications(page).getByText("Registration failed")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription(
      /This username is already taken\. Choose another one\./,
    );
    await expect(page).toHaveURL("/auth?tab=register");
  });

  test("a wrong password shows the 'Login failed' toast", async ({ page, request }) => {
    const account = await registerViaApi(request);
    await page.goto("/auth");
    await logIn(page, account.username, "not-the-password");

    const toast = notifications(page);
    await expect(toast.getByText("Login failed")).toBeVisible();
    await expect(toast.getByText("Invalid username or password")).toBeVisible();
    await expect(page).toHaveURL("/auth");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
  });

  test("the demo student signs in and lands on the dashboard with their applications", async ({ page }) => {
    await page.goto("/auth");
    await logIn(page, STUDENT.username, STUDENT.password);

    await expect(page).toHaveURL("/user/dash");
    await expect(page.getByRole("heading", { level: 1, name: "My Dashboard" })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${STUDENT.firstName}!`)).toBeVisible();
    // The seed gives the demo student five applications, one in every status.
    const card = page
      .locator("[data-slot=card]")
      .filter({ has: page.getByRole("heading", { name: "My Applications" }) });
    const items = card.getByRole("listitem");
    await expect(items).toHaveCount(5);
    for (const item of await items.all()) {
      await expect(item).toContainText(/Submitted \d{1,2} \w+ \d{4}/);
      await expect(item).toContainText(/Pending|In Review|Rejected|Sent to University|Approved/);
      await expect(item.getByRole("link")).toHaveAttribute("href", /^\/university\/[a-z0-9-]+$/);
    }
    await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("signing out from the sidebar returns home, where the header offers Sign In", async ({ student }) => {
    const { page } = student;
    await page.goto("/user/dash");
    await page.getByRole("button", { name: "Sign Out" }).click();

    // A server action ends the session, then redirects: past 5 s on a busy machine.
    await expect(page).toHaveURL("/", { timeout: 15_000 });
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    await page.goto("/user/dash");
    await expect(page).toHaveURL("/auth?callbackUrl=%2Fuser%2Fdash");
  });

  test("a student sent to /admin/dash goes through /auth and ends on their own dashboard", async ({
    student,
  }) => {
    const { page } = student;
    const response = await page.goto("/admin/dash");

    const hops: string[] = [];
    for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) {
      hops.unshift(new URL(request.url()).pathname);
    }
    expect(hops).toEqual(["/admin/dash", "/auth", "/user/dash"]);
    await expect(page).toHaveURL("/user/dash");
    await expect(page.getByRole("heading", { level: 1, name: "My Dashboard" })).toBeVisible();
  });

  test("a signed-in admin visiting /auth is sent to /admin/dash", async ({ superAdmin }) => {
    const { page } = superAdmin;
    await page.goto("/auth");
    // The admin dashboard is another issue's work: only where the visit ends matters here.
    await expect(page).toHaveURL("/admin/dash");
  });

  test("a signed-out visit to /user/profile signs in and comes back to it", async ({ page, student }) => {
    // `page` is signed out; the student's account is signed in only in its own context.
    const { account } = student;
    await page.goto("/user/profile");
    await expect(page).toHaveURL("/auth?callbackUrl=%2Fuser%2Fprofile");

    await logIn(page, account.username, account.password);
    await expect(page).toHaveURL("/user/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Profile", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  // The test server has Google configured (google-sign-in.spec.ts); without it,
  // /api/auth/google sends the browser to this address.
  test("Google sign-in explains when it is not available", async ({ page }) => {
    await page.goto("/auth?error=GoogleUnavailable");
    // (Next.js's route announcer is an alert too, hence the filter.)
    await expect(
      page.getByRole("alert").filter({
        hasText: "Google sign-in is not available right now. Sign in with your username and password.",
      }),
    ).toBeVisible();
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the student sidebar opens as a sheet and closes on navigation", async ({ student }) => {
    const { page } = student;
    await page.goto("/user/dash");
    await expect(page.getByRole("navigation", { name: "Student" })).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    // Focus starts on the first link, not on Sign Out (which Enter would press) nor Close.
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await menu.getByRole("link", { name: "Profile" }).click();

    await expect(page).toHaveURL("/user/profile");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  });

  test("the site menu opens on its first link, signed in or out", async ({ page, student }) => {
    for (const visitor of [page, student.page]) {
      await visitor.goto("/");
      await visitor.getByRole("button", { name: "Open menu" }).click();
      const menu = visitor.getByRole("dialog", { name: "Menu" });
      await expect(menu.getByRole("link", { name: "Universities" })).toBeFocused();
    }
    // Enter on the opened menu follows that link: the student stays signed in.
    await student.page.keyboard.press("Enter");
    await expect(student.page).toHaveURL("/universities/search");
    expect((await student.page.request.get("/api/user")).status()).toBe(200);
  });
});

test.describe("/user/profile", () => {
  test("a new full name shows in the header; an e-mail in use is refused on its field", async ({
    student,
  }) => {
    const { page, account } = student;
    await page.goto("/user/profile");
    await expect(page.getByLabel("Full name")).toHaveValue(account.fullName);

    const renamed = `Grace ${account.username.slice(-6)}`;
    await page.getByLabel("Full name").fill(renamed);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(notifications(page).getByText("Profile updated")).toBeVisible();
    await expect(page.getByRole("banner").getByText(renamed, { exact: true })).toBeVisible();

    // A new e-mail needs the account's password; then one in use is refused.
    await page.getByLabel("Email").fill("student@example.com");
    await page.getByLabel("Your password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(
      /An account with this email already exists/,
    );

    await page.reload();
    await expect(page.getByLabel("Full name")).toHaveValue(renamed);
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
  });

  test("changing the password: the current one is checked, then the new one signs in", async ({
    student,
  }) => {
    const { page, account } = student;
    const newPassword = `${account.password}-new`;
    await page.goto("/user/profile");
    await expect(page.getByText("Not linked")).toBeVisible();

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByLabel("Current password")).toHaveAccessibleDescription(
      "The current password is not correct",
    );

    await page.getByLabel("Current password").fill(account.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(notifications(page).getByText("Password changed")).toBeVisible();

    // This session goes on; then sign out and in again with the new password.
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Dashboard" })).toBeVisible();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await page.goto("/auth");
    await logIn(page, account.username, newPassword);
    await expect(page).toHaveURL("/user/dash");
  });
});

test.describe("password reset", () => {
  test("a spent or unknown token and a missing one are explained", async ({ page }) => {
    await page.goto("/auth/reset-password?token=not-a-real-token");
    await page.getByLabel("New password", { exact: true }).fill("Whatever-123");
    await page.getByLabel("Confirm new password").fill("Whatever-123");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "This reset link is invalid or has expired. Request a new one." }),
    ).toBeVisible();

    await page.goto("/auth/reset-password");
    await expect(page.getByText("This reset link is incomplete")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
      "href",
      "/auth/forgot-password",
    );
  });
});

test.describe("accessibility", () => {
  test("/auth, both tabs", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await expectNoAccessibilityViolations(page);
    await page.getByRole("tab", { name: "Register" }).click();
    await expect(page.getByLabel("Confirm password")).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });

  test("/auth/forgot-password and /auth/reset-password", async ({ page }) => {
    await page.goto("/auth/forgot-password");
    await expectNoAccessibilityViolations(page);
    await page.goto("/auth/reset-password?token=abc");
    await expectNoAccessibilityViolations(page);
  });

  test("/user/dash with applications, and /user/profile", async ({ page }) => {
    await signInViaApi(page.request, STUDENT.username, STUDENT.password);
    await page.goto("/user/dash");
    await expect(page.getByText("Sent to University")).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.goto("/user/profile");
    await expect(page.getByLabel("Current password")).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
