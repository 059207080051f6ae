import { expect, test } from "./fixtures";

// The General tab's platform name, used by the header, footer and page titles. Other specs check
// titles ending in the default name, so this spec runs alone, after all of them (the
// "platform-name" project in playwright.config.ts), and restores the name in a finally.

test("the platform name shows in the header, footer and title, and is restored", async ({ superAdmin }) => {
  const page = superAdmin.page;
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
});
