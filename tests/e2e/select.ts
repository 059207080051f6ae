import { expect, type Page } from "@playwright/test";

/** Picks an option of a select (Radix) by its label. */
export async function choose(page: Page, label: string, option: string, scope = page.locator("body")) {
  const listbox = page.getByRole("listbox");
  // A filter change still being answered renders the results anew when its answer lands, which
  // closes a select of the results' part (the sort) that was opened meanwhile.
  await expect(page.getByText("Updating results…")).toHaveCount(0, { timeout: 30_000 });
  // A click that lands before the page has hydrated opens nothing: click again until it opens.
  await expect(async () => {
    if (!(await listbox.isVisible())) await scope.getByLabel(label, { exact: true }).click();
    await expect(listbox).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await listbox.getByRole("option", { name: option, exact: true }).click();
  // The select is modal while open: wait until it has let go of the page.
  await expect(listbox).toBeHidden();
}
