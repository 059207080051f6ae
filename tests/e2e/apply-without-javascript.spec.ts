import { expect, signIn, test } from "./fixtures";

// The application form works before hydration or without JavaScript. Its buttons
// post to a server action (lib/applications/actions.ts) that keeps what was typed as the
// draft, moves between the steps and submits with the API's rules.

const STATEMENT = (
  "Since my first year at school I have wanted to understand how cities move people and goods, " +
  "and every project since has pulled me further that way. "
).repeat(5);

test("a student applies in two steps without JavaScript", async ({ browser, student, university }) => {
  // The fixture's context runs JavaScript; this one does not, signed in as the same student.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, student.account.username, student.account.password);
  const { program } = university;
  await page.goto(`/apply/${program.id}`);
  await expect(page.getByRole("form", { name: "Application form" })).toHaveAttribute("method", /^post$/i);

  // Step 1: the server refuses a short statement with SPEC's message and keeps the text.
  await page.getByLabel("Personal Statement").fill("Too short.");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Personal statement must be at least 500 characters")).toBeVisible();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  await expect(page.getByLabel("Personal Statement")).toHaveValue("Too short.");

  await page.getByLabel("Personal Statement").fill(STATEMENT);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 2 of 2")).toBeVisible();

  // Step 2: a bad year is refused with the field's message; what was typed stays.
  await page.getByLabel("Previous Institution").fill("Riverside College");
  await page.getByLabel("Previous Degree").fill("BSc Geography");
  await page.getByLabel("GPA").fill("3.7 / 4.0");
  await page.getByLabel("Graduation Year").fill("1800");
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  await expect(page.getByLabel("Graduation Year")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Previous Institution")).toHaveValue("Riverside College");

  // Previous and Next keep both steps' text.
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Personal Statement")).toHaveValue(STATEMENT);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("GPA")).toHaveValue("3.7 / 4.0");

  await page.getByLabel("Graduation Year").fill("2024");
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).toHaveURL(/\/user\/applications$/);
  await expect(page.getByText(program.name).first()).toBeVisible();

  // Applied: the apply page now says so instead of showing the form.
  await page.goto(`/apply/${program.id}`);
  await expect(page.getByText("You have already applied to this program")).toBeVisible();
  await context.close();
});
