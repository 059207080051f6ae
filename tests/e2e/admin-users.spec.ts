import type { Page } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { expect, test, uniqueWord } from "./fixtures";

// /admin/users: an admin adds a student through the dialog, finds them,
// deactivates them, and their sign-in at /auth is refused. Each run adds its own user.

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test("an admin adds a user, finds them, deactivates them, and their sign-in is refused", async ({
  browser,
  superAdmin,
}) => {
  // A long story (add, search, two filters, deactivate, a second browser's sign-in): 23 to 33 s
  // on this 2-core machine, so the default 30 s made it fail on a busy day.
  test.setTimeout(60_000);
  const word = uniqueWord();
  const account = {
    fullName: `Nora ${word}`,
    email: `nora.${word.toLowerCase()}@example.com`,
    username: `nora_${word.toLowerCase()}`,
    password: "a long enough password",
  };
  const page = superAdmin.page;

  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(page.getByTestId("users-count")).toHaveText(/^\d[\d,]* users?$/);

  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add User" });
  await expect(dialog).toBeVisible();
  // The register schema's messages, before anything is sent.
  await dialog.getByRole("button", { name: "Add User" }).click();
  await expect(dialog.getByText("Full name is required")).toBeVisible();
  await dialog.getByLabel("Full name").fill(account.fullName);
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Username").fill(account.username);
  await dialog.getByLabel("Password", { exact: true }).fill(account.password);
  await dialog.getByLabel("Confirm password").fill(account.password);
  await expect(dialog.getByRole("combobox", { name: "Role" })).toHaveText(/User/);
  await dialog.getByRole("button", { name: "Add User" }).click();
  await expect(dialog).toBeHidden();
  await expect(notifications(page).getByText("User added")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).fill(account.username);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId("users-count")).toHaveText("1 user");
  const row = page.getByRole("row").filter({ hasText: account.fullName });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText(account.username);
  await expect(row.getByRole("cell").nth(2)).toHaveText(account.email);
  await expect(row.getByText("User", { exact: true })).toBeVisible();
  await expect(row.getByText("Active", { exact: true })).toBeVisible();
  await expect(row.getByText(/^N[A-Z]$/)).toBeVisible(); // initials avatar

  // The role filter: the new student is not among the admins.
  await page.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Admins" }).click();
  await expect(page).toHaveURL(/[?&]role=admin/);
  await expect(page.getByText("No users found")).toBeVisible();
  await page.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Users" }).click();
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: `Deactivate ${account.fullName}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Deactivate ${account.fullName}?` });
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Activate ${account.fullName}` })).toBeVisible();

  // Their sign-in is refused (a deactivated account does not count as a failed attempt).
  const visitor = await browser.newContext();
  const signInPage = await visitor.newPage();
  await signInPage.goto("/auth");
  await signInPage.getByLabel("Username").fill(account.username);
  await signInPage.getByLabel("Password", { exact: true }).fill(account.password);
  await signInPage.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(notifications(signInPage).getByText("Login failed")).toBeVisible();
  await expect(notifications(signInPage).getByText(/This account has been deactivated/)).toBeVisible();
  await expect(signInPage).toHaveURL(/\/auth/);

  // Cleanup through the row's delete.
  await row.getByRole("button", { name: `Delete ${account.fullName}` }).click();
  const deletion = page.getByRole("alertdialog", { name: `Delete ${account.fullName}?` });
  await deletion.getByRole("button", { name: "Delete User" }).click();
  await expect(page.getByText("No users found")).toBeVisible();

  await visitor.close();
});

test("a team admin manages students only: no role changes, no actions on admins", async ({
  teamAdmin,
  superAdmin,
}) => {
  const page = teamAdmin.page;
  await page.goto(`/admin/users?role=admin&q=${superAdmin.account.username}`);
  const superRow = page.getByRole("row").filter({ hasText: "Admin (super)" }).first();
  await expect(superRow).toBeVisible();
  await expect(superRow.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Change role/ })).toHaveCount(0);
});

test("/admin/users and its Add User dialog have no accessibility violations", async ({ superAdmin }) => {
  const page = superAdmin.page;
  await page.goto("/admin/users");
  await expect(page.getByRole("table")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add User" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Admin" }).click();
  await expect(dialog.getByRole("combobox", { name: "Admin type" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
