import { expectNoAccessibilityViolations } from "./axe";
import { expect, test } from "./fixtures";

// /admin/settings. Renaming the platform is in platform-name.spec.ts, which runs
// after every other spec (see playwright.config.ts).

test("a team admin is told that settings need super admin access", async ({ teamAdmin }) => {
  const page = teamAdmin.page;
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Super admin access required" })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);
  expect((await page.request.get("/api/settings")).status()).toBe(403);
  // The sidebar does not offer the page (an address typed by hand still explains).
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  await expect(sidebar.getByRole("link", { name: "Applications" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
});

test("super admin: the Team, Universities, Programs and General tabs, each accessible", async ({
  superAdmin,
  teamAdmin,
}) => {
  // A deliberate budget: five axe scans, one per tab and the dialog; about 15 s idle, past 30 s on a busy 2-core machine.
  test.slow();
  const page = superAdmin.page;
  await page.goto("/admin/settings");

  // Team: the admins with their roles; the signed-in admin has just signed in.
  const team = page.getByRole("tabpanel", { name: "Team" });
  const me = team.getByRole("row").filter({ hasText: "(you)" });
  await expect(me.getByText("Super Admin", { exact: true })).toBeVisible();
  await expect(me.getByText(/^(Just now|\d+ minutes? ago)$/)).toBeVisible();
  await expect(
    team.getByRole("row").filter({ hasText: teamAdmin.account.fullName }).getByText("Team Admin"),
  ).toBeVisible();
  await expect(team.getByRole("button", { name: /^Manage Access/ }).first()).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await team.getByRole("button", { name: "Add Admin" }).click();
  await expect(page.getByRole("dialog", { name: "Add Admin" })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Universities" }).click();
  await expect(page).toHaveURL(/[?&]tab=universities/);
  const countries = page.getByRole("tabpanel", { name: "Universities" });
  await expect(countries.getByRole("row").filter({ hasText: "United States" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole("tab", { name: "Programs" }).click();
  const programs = page.getByRole("tabpanel", { name: "Programs" });
  const levels = programs.getByRole("list", { name: "Study Levels" });
  await expect(levels.getByRole("listitem")).toHaveText([/^Bachelor's/, /^Master's/, /^PhD/]);
  await expectNoAccessibilityViolations(page);
  // A level in use cannot be deleted: the server says how many programs use it.
  await levels.getByRole("button", { name: "Delete PhD" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(
    page.getByRole("region", { name: /Notifications/ }).getByText(/programs? uses? it/),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(levels.getByRole("listitem")).toHaveCount(3);

  await page.getByRole("tab", { name: "General" }).click();
  await expect(page.getByRole("tabpanel", { name: "General" }).getByLabel("Platform name")).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
