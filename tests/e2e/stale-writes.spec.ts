import { expectNoAccessibilityViolations } from "./axe";
import { applyTo, expect, test } from "./fixtures";

// Two admins, or one admin in two tabs, editing the same row: the later save based on the older
// copy is refused with a message and a Reload button, instead of silently undoing the first save.
// And a program that students applied to keeps its university. (The status dialog's case is in
// admin-applications.spec.ts.)

const STALE_PROGRAM =
  "This program was changed by someone else since you opened it: reload to see their change.";

test("program edit in two tabs: the stale save is refused and a reload shows the first", async ({
  teamAdmin,
  university,
}) => {
  // A deliberate budget: four loads of the program form and two saves.
  test.slow();
  const { program } = university;
  const first = teamAdmin.page;
  const second = await teamAdmin.context.newPage();
  const edit = `/admin/programs/${program.id}/edit`;
  await first.goto(edit);
  await second.goto(edit);
  await expect(second.getByLabel("Program Name")).toHaveValue(program.name);

  await first.getByLabel("Tuition", { exact: true }).fill("4500");
  await first.getByRole("button", { name: "Update Program" }).click();
  await expect(first).toHaveURL(/\/admin\/programs$/);

  const renamed = `${program.name} Renamed`;
  await second.getByLabel("Program Name").fill(renamed);
  await second.getByRole("button", { name: "Update Program" }).click();
  const notice = second.getByRole("alert").filter({ hasText: STALE_PROGRAM });
  await expect(notice).toBeVisible();
  await expect(second).toHaveURL(new RegExp(`${edit}$`));
  await expectNoAccessibilityViolations(second);

  await notice.getByRole("button", { name: "Reload" }).click();
  await expect(second.getByLabel("Tuition", { exact: true })).toHaveValue("4,500.00");
  await expect(second.getByLabel("Program Name")).toHaveValue(program.name);
  await second.getByLabel("Program Name").fill(renamed);
  await second.getByRole("button", { name: "Update Program" }).click();
  await expect(second).toHaveURL(/\/admin\/programs$/);

  const saved = await (await teamAdmin.page.request.get(`/api/programs/${program.id}`)).json();
  expect(saved).toMatchObject({ name: renamed, tuition: "4500.00" });
});

test("a program with an application keeps its university: the field is disabled and says why", async ({
  teamAdmin,
  student,
  university,
}) => {
  await applyTo(student.page.request, university.program.id);
  const { page } = teamAdmin;
  await page.goto(`/admin/programs/${university.program.id}/edit`);
  const picker = page.getByRole("combobox", { name: "University" });
  await expect(picker).toBeDisabled();
  await expect(picker).toHaveAccessibleDescription(
    /This program has applications \(submitted or in progress\)/,
  );
  await expect(page.getByText("Create a new program at the other university instead")).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
