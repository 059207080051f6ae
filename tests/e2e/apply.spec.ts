import { expectNoAccessibilityViolations } from "./axe";
import { expect, test } from "./fixtures";

// Applying to a program (/apply/{programId}): the two steps with their
// validation, the server draft surviving a reload, the submit, then the student's side
// (/user/dash and /user/applications) and withdrawing. Each run has its own student and university
// (tests/e2e/fixtures.ts).

const STATEMENT = (
  "I have wanted to study this subject since I built my first radio at school, and the years since " +
  "have only deepened that wish. "
).repeat(6);

test("signed out, the apply page sends the visitor to sign in and back", async ({ page, university }) => {
  const { program } = university;
  await page.goto(`/apply/${program.id}`);
  await expect(page).toHaveURL(`/auth?callbackUrl=%2Fapply%2F${program.id}`);
});

test("a student applies in two steps, keeps a draft across a reload, sees and withdraws the application", async ({
  student,
  university,
}) => {
  // A deliberate budget: two form steps, a reload, the dashboard and a withdrawal (about 30 s idle).
  test.setTimeout(90_000);
  const { page } = student;
  const program = university.program;

  await page.goto(`/apply/${program.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Apply to ${program.name}` })).toBeVisible();
  await expect(page.getByRole("link", { name: university.name })).toHaveAttribute(
    "href",
    `/university/${university.slug}`,
  );
  await expect(page.getByText("per year")).toBeVisible();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Step 1: a live count, and Next refuses a short statement with SPEC's message.
  const statement = page.getByLabel("Personal Statement");
  // The count is what a person sees, as the server counts it: an emoji or an accent typed as a
  // combining mark is one character, blank space around and between words does not pad it out.
  await statement.fill("👍e\u0301   \n\n  ".repeat(5));
  await expect(page.getByText("14 / 5,000 characters")).toBeVisible();
  await statement.fill("Too short.");
  await expect(page.getByText("10 / 5,000 characters")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Personal statement must be at least 500 characters")).toBeVisible();
  await expect(statement).toHaveAttribute("aria-invalid", "true");
  await expect(statement).toBeFocused();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();

  await statement.fill(STATEMENT);
  await expect(page.getByText(`${STATEMENT.trim().length} / 5,000 characters`)).toBeVisible();
  await expect(page.getByText("Personal statement must be at least 500 characters")).toBeHidden();
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2: every field is required; the first invalid one gets the focus.
  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole("button", { name: "Submit Application" }).click();
  for (const message of [
    "Institution is required",
    "Degree is required",
    "GPA is required",
    "Graduation year is required",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  const institution = page.getByLabel("Previous Institution");
  await expect(institution).toBeFocused();
  await expect(institution).toHaveAttribute("aria-invalid", "true");

  const year = page.getByLabel("Graduation Year");
  await expect(year).toHaveAttribute("min", "1900");
  // A student still at school gives the year they expect to graduate.
  await expect(year).toHaveAttribute("max", String(new Date().getUTCFullYear() + 6));
  await institution.fill("Lincoln High School");
  await page.getByLabel("Previous Degree").fill("High School Diploma");
  await page.getByLabel("GPA").fill("3.9 / 4.0");
  await year.fill("2024");

  // Previous keeps the statement; Next keeps step 2.
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  await expect(statement).toHaveValue(STATEMENT);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Previous Institution")).toHaveValue("Lincoln High School");

  // The draft reaches the server (autosave), and a reload brings everything back.
  await expect
    .poll(async () => {
      const draft = (await (await page.request.get(`/api/applications/drafts/${program.id}`)).json()) as {
        data: { step: number; personalStatement: string; academicHistory: { graduationYear: string } };
      } | null;
      return (
        draft && [draft.data.step, draft.data.personalStatement, draft.data.academicHistory.graduationYear]
      );
    })
    .toEqual([2, STATEMENT, "2024"]);
  await expect(page.getByText("Draft saved")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  await expect(page.getByLabel("Previous Institution")).toHaveValue("Lincoln High School");
  await expect(page.getByLabel("Previous Degree")).toHaveValue("High School Diploma");
  await expect(page.getByLabel("GPA")).toHaveValue("3.9 / 4.0");
  await expect(page.getByLabel("Graduation Year")).toHaveValue("2024");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Personal Statement")).toHaveValue(STATEMENT);
  await page.getByRole("button", { name: "Next" }).click();

  // Submit: SPEC's toast, then home.
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByText("Application Submitted")).toBeVisible();
  await expect(page.getByText("Your application has been successfully submitted!")).toBeVisible();
  await expect(page).toHaveURL("/");
  expect((await page.request.get(`/api/applications/drafts/${program.id}`)).status()).toBe(200);
  expect(await (await page.request.get(`/api/applications/drafts/${program.id}`)).json()).toBeNull();

  // The apply page now says it was sent.
  await page.goto(`/apply/${program.id}`);
  await expect(page.getByText("You have already applied to this program")).toBeVisible();
  await expect(page.getByRole("link", { name: "Follow it under My Applications" })).toHaveAttribute(
    "href",
    "/user/applications",
  );
  await expect(page.getByRole("button", { name: "Submit Application" })).toHaveCount(0);

  // /user/dash: under My Applications, pending.
  await page.goto("/user/dash");
  const recent = page.locator("li").filter({ hasText: program.name }).filter({ hasText: "Submitted" });
  await expect(recent).toBeVisible();
  await expect(recent.getByText("Pending")).toBeVisible();

  // /user/applications: listed with its history; withdraw it after confirming.
  await page.goto("/user/applications");
  const item = page.getByTestId("application-item").filter({ hasText: program.name });
  await expect(item).toHaveCount(1);
  await expect(item.getByText("Pending", { exact: true })).toBeVisible();
  await item.getByText(/Status history/).click();
  await expect(item.getByText("Submitted (Pending)")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await item.getByRole("button", { name: /Withdraw/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Withdraw this application?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(1);

  await item.getByRole("button", { name: /Withdraw/ }).click();
  await dialog.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Application withdrawn")).toBeVisible();
  // It stays, with its history, as withdrawn; it can no longer be withdrawn.
  await expect(item.getByText("Withdrawn", { exact: true })).toBeVisible();
  await expect(item.getByRole("button", { name: /Withdraw/ })).toHaveCount(0);
  // The withdrawn answers are kept as a draft: applying again starts from them.
  await page.getByRole("link", { name: `Continue your application to ${program.name}`, exact: true }).click();
  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  await expect(page.getByLabel("Previous Institution")).toHaveValue("Lincoln High School");
});
