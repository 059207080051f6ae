import { applyTo, expect, test } from "./fixtures";

// A program that a student applied to is archived, not deleted. The admin's delete
// confirmation says so before anything happens; the program leaves the public site, the student
// keeps the application, and the admin restores the program from the list.

test("an admin deletes a program with an application: it is archived, then restored", async ({
  teamAdmin,
  student,
  university,
}) => {
  // A deliberate budget: an application, three admin page loads and two student page loads.
  test.slow();
  const { program } = university;
  await applyTo(student.page.request, program.id);

  const { page } = teamAdmin;
  const name = `${program.name} at ${university.name}`;
  await page.goto(`/admin/programs?q=${encodeURIComponent(program.name)}`);
  const row = page.getByRole("row", { name: new RegExp(program.name) });
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("1 application will be kept; the program is archived.");
  await dialog.getByRole("button", { name: "Archive Program" }).click();
  await expect(page.getByText("Program archived; 1 application kept")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Archived", { exact: true })).toBeVisible();

  // The student still has the application; the program takes no new ones.
  await student.page.goto("/user/applications");
  await expect(student.page.getByRole("heading", { name: new RegExp(program.name) })).toContainText(
    "No longer offered",
  );
  await student.page.goto(`/apply/${program.id}`);
  await expect(student.page.getByText("You have already applied to this program")).toBeVisible();
  expect((await page.request.get(`/api/programs/${program.id}`)).status()).toBe(404);

  await row.getByRole("button", { name: `Restore ${name}` }).click();
  await expect(page.getByText("Program restored")).toBeVisible();
  await expect(row.getByText("Archived", { exact: true })).toBeHidden();
  await expect(row.getByRole("button", { name: `Delete ${name}` })).toBeVisible();
  expect((await page.request.get(`/api/programs/${program.id}`)).status()).toBe(200);
});
