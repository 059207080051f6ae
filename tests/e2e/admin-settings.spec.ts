import { expect, test, type Browser } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";

// /admin/settings (SPEC §2; issue 6). Other specs run at the same time on the same database and
// some check the platform name in titles: the rename test restores it at once, in a finally.

async function signIn(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post("/api/login", { data: { username, password } });
  expect(response.status()).toBe(200);
  return { context, page };
}

test("the platform name shows in the header, footer and title, and is restored", async ({ browser }) => {
  const admin = await signIn(browser, "admin", "Admin#2026");
  const page = admin.page;
  const current = await page.request.get("/api/settings");
  expect(current.status()).toBe(200);
  const original = ((await current.json()) as { platformName: string }).platformName;
  await page.goto("/admin/settings?tab=general");
  const input = page.getByLabel("Platform name");
  // The form fills the input once it is hydrated.
  await expect(input).toHaveValue(original);
  const name = `Campus ${Date.now().toString(36)}`;
  try {
    await input.fill(`  ${name}  `);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(
      page.getByRole("region", { name: /Notifications/ }).getByText("Settings saved"),
    ).toBeVisible();
    // The admin area's own logo follows at once.
    await expect(page.getByRole("link", { name }).first()).toBeVisible();

    await page.goto("/");
    await expect(page).toHaveTitle(`${name}: Your Journey to Global Education`);
    await expect(page.getByRole("banner").getByRole("link", { name })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name })).toBeVisible();
    await expect(footer).toContainText(`${name}. All rights reserved.`);
    await page.goto("/universities/search");
    await expect(page).toHaveTitle(new RegExp(`\\| ${name}$`));
  } finally {
    const response = await page.request.patch("/api/settings", { data: { platformName: original } });
    expect(response.status()).toBe(200);
  }
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: original })).toBeVisible();
  await admin.context.close();
});

test("a team admin is told that settings need super admin access", async ({ browser }) => {
  const team = await signIn(browser, "teamadmin", "Team#2026");
  const page = team.page;
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Super admin access required" })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);
  expect((await page.request.get("/api/settings")).status()).toBe(403);
  await expectNoAccessibilityViolations(page);
  await team.context.close();
});

test("super admin: the Team, Universities, Programs and General tabs, each accessible", async ({
  browser,
}) => {
  const admin = await signIn(browser, "admin", "Admin#2026");
  const page = admin.page;
  await page.goto("/admin/settings");

  // Team: the demo admins with their roles; the signed-in admin has just signed in.
  const team = page.getByRole("tabpanel", { name: "Team" });
  const me = team.getByRole("row").filter({ hasText: "(you)" });
  await expect(me.getByText("Super Admin", { exact: true })).toBeVisible();
  await expect(me.getByText(/^(Just now|\d+ minutes? ago)$/)).toBeVisible();
  await expect(team.getByRole("row").filter({ hasText: "Team Admin" }).first()).toBeVisible();
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
  await admin.context.close();
});
