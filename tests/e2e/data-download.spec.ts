import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { applyTo, expect, test } from "./fixtures";

// A student takes their data with them: "Download my data" on the profile saves a ZIP archive
// whose data.json names their application and whose index.html reads it back in words.

test("a student downloads their data from the profile", async ({ student, university }) => {
  const { page, account } = student;
  await applyTo(page.request, university.program.id);

  await page.goto("/user/profile");
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-data-.+-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const data = JSON.parse(strFromU8(files["data.json"]));
  expect(data.account.username).toBe(account.username);
  expect(data.applications.map((a: { program: { name: string } }) => a.program.name)).toEqual([
    university.program.name,
  ]);
  expect(strFromU8(files["index.html"])).toContain(`Everything`);

  // The privacy page the card links to explains it.
  await page.getByRole("link", { name: "How we handle it" }).click();
  await expect(page.getByRole("heading", { name: "A copy of your data" })).toBeVisible();
});
