import { expectNoAccessibilityViolations } from "./axe";
import { expect, test } from "./fixtures";

// /admin/audit: a super admin's edit shows in the audit log with who made it and what
// changed; team admins have no sidebar entry and get an explanation instead of the log.

test("a super admin edits a university and reads the change in the audit log", async ({
  superAdmin,
  teamAdmin,
  university,
}) => {
  // A deliberate budget: three accounts set up (the team admin's with its permissions granted),
  // the audit page searched and scanned by axe; past 30 s on a busy 2-core machine.
  test.slow();
  const { page, account } = superAdmin;
  const renamed = `${university.name} Renamed`;
  const edited = await page.request.patch(`/api/universities/${university.id}`, {
    data: {
      name: renamed,
      country: "New Zealand",
      description: "Edited for the audit log.",
      mainImage: null,
      images: [],
      ranking: null,
    },
  });
  expect(edited.status()).toBe(200);

  await page.goto("/admin/dash");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit Log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await page.getByRole("searchbox", { name: "Search" }).fill(renamed);
  await expect(page).toHaveURL(/[?&]q=/);
  // This university's row: until the search's answer arrives the list still shows other tests' edits.
  const row = page.getByRole("row", { name: /Edited university/ }).filter({ hasText: renamed });
  await expect(row).toContainText(account.fullName);
  await expect(row).toContainText(renamed);
  // The name is the first field that changed: old name struck out, new one inserted.
  await expect(row.getByRole("deletion").first()).toHaveText(university.name);
  await expect(row.getByRole("insertion").first()).toHaveText(renamed);
  await expectNoAccessibilityViolations(page);

  await teamAdmin.page.goto("/admin/dash");
  await expect(teamAdmin.page.getByRole("link", { name: "Audit Log" })).toHaveCount(0);
  await teamAdmin.page.goto("/admin/audit");
  await expect(teamAdmin.page.getByText("Super admin access required")).toBeVisible();
});
