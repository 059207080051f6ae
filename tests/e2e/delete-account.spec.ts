import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

// A student deletes their own account from the profile: the confirmation names what
// goes with it, the password is asked for, and the student lands signed out on /auth.

const STATEMENT = "I would like to study marine ecosystems because the sea has shaped my life. ".repeat(8);

async function applyThroughApi(page: Page, programId: number) {
  const response = await page.request.post("/api/applications", {
    data: {
      programId,
      personalStatement: STATEMENT,
      academicHistory: { institution: "Harbour School", degree: "Diploma", gpa: "3.9", graduationYear: 2024 },
    },
  });
  expect(response.status(), "applying through the API").toBe(201);
}

test("a student deletes their account after a confirmation naming their application", async ({
  student,
  university,
}) => {
  const { page, account } = student;
  await applyThroughApi(page, university.program.id);
  await page.goto("/user/profile");
  const form = page.getByRole("form", { name: "Delete account" });
  await expect(form).toContainText("Your 1 application will be deleted with it.");

  // A wrong password is refused on its field, and nothing is deleted.
  await form.getByLabel("Confirm with your password").fill("not my password");
  await form.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("Universities will no longer see your applications.");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByText("The current password is not correct")).toBeVisible();

  await form.getByLabel("Confirm with your password").fill(account.password);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  // The password's hash check, the deletion and the sign-out, then a redirect: past 5 s on a busy
  // machine (CI, while the other worker ran).
  await expect(page).toHaveURL(/\/auth\?account=deleted$/, { timeout: 15_000 });
  await expect(page.getByRole("status").filter({ hasText: "Your account has been deleted" })).toBeVisible();

  // Signed out for good: the old password no longer signs in.
  const login = await page.request.post("/api/login", {
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(401);
});

test("without JavaScript the form deletes the account too", async ({ browser, student }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, student.account.username, student.account.password);
  await page.goto("/user/profile");
  const form = page.getByRole("form", { name: "Delete account" });
  await expect(form).toHaveAttribute("method", /^post$/i);
  await form.getByLabel("Confirm with your password").fill(student.account.password);
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/auth\?account=deleted$/);
  await expect(page.getByText("Your account has been deleted")).toBeVisible();
  await context.close();
});
