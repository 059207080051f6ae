import { expectNoAccessibilityViolations } from "./axe";
import { expect, test, uniqueWord } from "./fixtures";

// /admin/import: an admin uploads a program CSV, watches its progress, reads the dry
// run, applies it and finds the program on the university's public page.

test("an admin imports a program file and sees the program on the public page", async ({
  teamAdmin,
  university,
}) => {
  test.slow();
  const { page } = teamAdmin;
  const name = `Imported ${uniqueWord()} Studies`;
  const deadline = new Date(Date.now() + 120 * 86_400_000);
  deadline.setUTCHours(0, 0, 0, 0);
  const file = [
    "university,name,degree,level,field,duration,tuition,deadline,description",
    `${university.slug},${name},MSc,Master's,Business,2,"12,500.00",${deadline.toISOString()},Imported from a file.`,
    `${university.slug},${name},MSc,Master's,Business,2,"12,500.00",${deadline.toISOString()},The same row again.`,
  ].join("\n");

  await page.goto("/admin/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download programs template (CSV)" })).toHaveAttribute(
    "href",
    "/api/import/template?type=programs",
  );
  await page.getByRole("radio", { name: "Programs" }).check();
  await page.getByLabel("File (CSV or JSON, at most 50 MB)").setInputFiles({
    name: "programs.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file),
  });

  // A duplicate row: the dry run rejects it and nothing can be applied.
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  await expect(page.getByRole("heading", { name: "Dry run: programs.csv" })).toBeVisible();
  await expect(page.getByText("2 rows: 1 created, 0 updated, 0 unchanged, 1 rejected.")).toBeVisible();
  await expect(
    page.getByRole("cell", { name: "Row 1 already has this key: keep one of the two rows." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply import" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // The file fixed: one row to create, applied with the progress shown.
  await page.getByLabel("File (CSV or JSON, at most 50 MB)").setInputFiles({
    name: "programs.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file.split("\n").slice(0, 2).join("\n")),
  });
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  await expect(page.getByText("1 row: 1 created, 0 updated, 0 unchanged, 0 rejected.")).toBeVisible();
  // The answer held back a moment, so that the progress bar can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/import/programs?*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Apply import" }).click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  release();
  await expect(page.getByRole("status").getByText("Import complete")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Imported: programs.csv" })).toBeVisible();

  // On the university's public page, under its level's tab.
  await page.goto(`/university/${university.slug}`);
  await page.getByRole("tab", { name: "Master's" }).click();
  await expect(page.getByRole("tabpanel").getByRole("heading", { name, exact: true })).toBeVisible();
});
