import { expectNoAccessibilityViolations } from "./axe";
import { applyTo, expect, test } from "./fixtures";

// The team's private notes: a team admin adds one on the application's page and reads it back
// with author and time; the student's pages never show it.

test("a team admin adds a private note the student never sees", async ({
  student,
  teamAdmin,
  university,
}) => {
  const { id } = await applyTo(student.page.request, university.program.id);
  const note = `Phone the school about the transcript (${Date.now()})`;

  const page = teamAdmin.page;
  await page.goto(`/admin/applications/${id}`);
  await expect(page.getByRole("heading", { name: "Private notes" })).toBeVisible();
  await expect(page.getByText("No notes yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Write the note first")).toBeVisible();
  await page.getByLabel("Add a note").fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  const notes = page.getByRole("list", { name: "Notes" });
  await expect(notes.getByText(note)).toBeVisible();
  await expect(notes).toContainText(teamAdmin.account.fullName);
  await expect(page.getByLabel("Add a note")).toHaveValue("");
  await expectNoAccessibilityViolations(page);

  for (const path of ["/user/applications", "/user/dash"]) {
    await student.page.goto(path);
    await expect(student.page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await student.page.content()).not.toContain(note);
  }
});
