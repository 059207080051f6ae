import type { APIRequestContext } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { expect, test, type TestProgram } from "./fixtures";

// Two admins, or one admin in two tabs, editing the same row: the later save based on the older
// copy is refused with a message and a Reload button, instead of silently undoing the first save.
// And a program that students applied to keeps its university.

const statement = "I want to study here because ".padEnd(620, "I love learning. ");

const STALE_PROGRAM =
  "This program was changed by someone else since you opened it: reload to see their change.";
const STALE_APPLICATION =
  "This application was changed by someone else since you opened it: reload to see their change.";

async function applyTo(request: APIRequestContext, program: TestProgram) {
  const response = await request.post("/api/applications", {
    data: {
      programId: program.id,
      personalStatement: statement,
      academicHistory: {
        institution: "Springfield High",
        degree: "Diploma",
        gpa: "3.9",
        graduationYear: 2023,
      },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

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

  await first.getByLabel("Tuition (USD)").fill("4500");
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
  await expect(second.getByLabel("Tuition (USD)")).toHaveValue("4,500.00");
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
  await applyTo(student.page.request, university.program);
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

test("a status dialog opened before a colleague's change is refused as stale", async ({
  teamAdmin,
  superAdmin,
  student,
  university,
}) => {
  const applicationId = await applyTo(student.page.request, university.program);
  const stale = teamAdmin.page;
  await stale.goto(`/admin/applications/${applicationId}`);
  await stale.getByRole("button", { name: /Update status/ }).click();
  const dialog = stale.getByRole("dialog", { name: "Update status" });
  await expect(dialog.getByRole("combobox", { name: "New status" })).toHaveText("In Review");

  const moved = await superAdmin.page.request.patch(`/api/applications/${applicationId}`, {
    data: { status: "in-review", from: "pending" },
  });
  expect(moved.status()).toBe(200);

  await dialog.getByRole("button", { name: "Save" }).click();
  const notice = dialog.getByRole("alert");
  await expect(notice).toHaveText(new RegExp(STALE_APPLICATION.replace(/[.:()]/g, "\\$&")));
  await expectNoAccessibilityViolations(stale);
  await notice.getByRole("button", { name: "Reload" }).click();
  await expect(stale.getByRole("dialog")).toBeHidden();
  await stale.getByRole("button", { name: /Update status/ }).click();
  await expect(dialog).toContainText("Current status: In Review");
  await expect(dialog.getByRole("combobox", { name: "New status" })).toHaveText("Choose a status");
});
