import type { Page } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { programFormBody } from "../support/program-body";
import { expect, test } from "./fixtures";

// The application form's server draft against the ways a browser brings back an old copy of the
// form: another tab still open after the application was sent from this one, and the page
// restored by Back or Forward with the copy it was first rendered with; and where a student finds
// their drafts again.

const STATEMENT = (
  "I have wanted to study this subject since I built my first radio at school, and the years since " +
  "have only deepened that wish. "
).repeat(6);

async function savedDraft(page: Page, programId: number) {
  const response = await page.request.get(`/api/applications/drafts/${programId}`);
  return (await response.json()) as {
    data: { personalStatement: string; academicHistory: { degree: string; gpa: string } };
  } | null;
}

test("a tab still open after the application was sent says so and does not bring the draft back", async ({
  student,
  university,
}) => {
  const { page, context } = student;
  const { program } = university;

  await page.goto(`/apply/${program.id}`);
  const statement = page.getByLabel("Personal Statement");
  await statement.fill("Half a statement, typed in this tab.");
  await expect(page.getByText("Draft saved")).toBeVisible();

  // The student sends the application from another tab.
  const other = await context.newPage();
  const sent = await other.request.post("/api/applications", {
    data: {
      programId: program.id,
      personalStatement: STATEMENT,
      academicHistory: { institution: "Lincoln High", degree: "Diploma", gpa: "3.9", graduationYear: 2024 },
    },
  });
  expect(sent.status()).toBe(201);
  await other.close();

  // This tab keeps typing: its autosave is refused and the form says why, with a link.
  await statement.fill("Half a statement, typed in this tab, and a little more.");
  await expect(page.getByRole("alert").getByText("You have already applied to this program")).toBeVisible();
  await expect(page.getByRole("link", { name: "Follow it under My Applications" })).toHaveAttribute(
    "href",
    "/user/applications",
  );
  await expect(page.getByText("Draft saved")).toBeHidden();
  expect(await savedDraft(page, program.id)).toBeNull();

  // Leaving the page sends nothing back either.
  await statement.fill("One more sentence before closing the tab.");
  await page.goto("/user/applications");
  expect(await savedDraft(page, program.id)).toBeNull();
});

const LONG_STATEMENT = `${STATEMENT}${"Every summer I volunteered at the coastal lab. ".repeat(2)}`.slice(
  0,
  600,
);

test("Back to the form after leaving it shows the saved draft, and typing does not erase it", async ({
  student,
  university,
}) => {
  // A deliberate budget: two form steps, three navigations and a reload (about 20 s idle).
  test.setTimeout(60_000);
  const { page } = student;
  const { program } = university;

  await page.goto(`/programs?q=${encodeURIComponent(program.name)}`);
  await page.getByRole("link", { name: `Apply Now to ${program.name}` }).click();
  await expect(page).toHaveURL(`/apply/${program.id}`);
  await page.getByLabel("Personal Statement").fill(LONG_STATEMENT);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Previous Institution").fill("Lincoln High School");
  await page.getByLabel("GPA").fill("3.9 / 4.0");
  await expect
    .poll(async () => (await savedDraft(page, program.id))?.data.academicHistory.gpa)
    .toBe("3.9 / 4.0");
  await expect(page.getByText("Draft saved")).toBeVisible();

  await page.getByRole("banner").getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL("/user/dash");
  await page.goBack();
  await expect(page).toHaveURL(`/apply/${program.id}`);

  // The form shows what was saved, not the empty copy it was first rendered with.
  await expect(page.getByLabel("Previous Institution")).toHaveValue("Lincoln High School");
  await expect(page.getByLabel("GPA")).toHaveValue("3.9 / 4.0");
  await page.getByLabel("Previous Degree").fill("Hello");
  await expect
    .poll(async () => (await savedDraft(page, program.id))?.data.academicHistory.degree)
    .toBe("Hello");

  await page.reload();
  await expect(page.getByLabel("Previous Institution")).toHaveValue("Lincoln High School");
  await expect(page.getByLabel("GPA")).toHaveValue("3.9 / 4.0");
  await expect(page.getByLabel("Previous Degree")).toHaveValue("Hello");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Personal Statement")).toHaveValue(LONG_STATEMENT);
});

test("Back to the search and Forward to the form again shows the saved draft", async ({
  student,
  university,
}) => {
  const { page } = student;
  const { program } = university;

  await page.goto(`/programs?q=${encodeURIComponent(program.name)}`);
  await page.getByRole("link", { name: `Apply Now to ${program.name}` }).click();
  await expect(page).toHaveURL(`/apply/${program.id}`);
  await page.getByLabel("Personal Statement").fill(LONG_STATEMENT);
  await expect
    .poll(async () => (await savedDraft(page, program.id))?.data.personalStatement)
    .toBe(LONG_STATEMENT);

  await page.goBack();
  await expect(page.getByRole("link", { name: `Apply Now to ${program.name}` })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(`/apply/${program.id}`);
  const statement = page.getByLabel("Personal Statement");
  await expect(statement).toHaveValue(LONG_STATEMENT);
  await statement.press("End");
  await statement.pressSequentially(" Hello");
  await expect
    .poll(async () => (await savedDraft(page, program.id))?.data.personalStatement)
    .toBe(`${LONG_STATEMENT} Hello`);
});

test("drafts are listed with their deadline and a Continue link, on My Applications and the dashboard", async ({
  student,
  university,
  api,
}) => {
  const { page } = student;
  // A second program closing in 200 days: far beyond the dashboard's window of upcoming deadlines.
  const deadline = new Date(Date.now() + 200 * 86_400_000);
  deadline.setUTCHours(0, 0, 0, 0);
  const later = await api.post("/api/programs", {
    data: {
      ...programFormBody(university.id, `${university.program.name} Later`, "A later intake."),
      deadline: deadline.toISOString(),
    },
  });
  expect(later.status()).toBe(201);
  const laterProgram = (await later.json()) as { id: number; name: string };
  for (const programId of [university.program.id, laterProgram.id]) {
    const saved = await page.request.put(`/api/applications/drafts/${programId}`, {
      data: { step: 1, personalStatement: "A start.", version: 0 },
    });
    expect(saved.status()).toBe(200);
  }

  await page.goto("/user/applications");
  await expect(page.getByText("No applications submitted yet")).toHaveCount(0);
  const drafts = page.getByTestId("draft-item");
  await expect(drafts).toHaveCount(2);
  // Nearest deadline first.
  await expect(drafts.nth(0)).toContainText(university.program.name);
  await expect(drafts.nth(1)).toContainText(laterProgram.name);
  // 23:59 on the deadline day in the program's zone (UTC: its country, New Zealand, has several).
  await expect(drafts.nth(1).locator("time").first()).toHaveAttribute(
    "datetime",
    new Date(deadline.getTime() + 86_400_000 - 60_000).toISOString(),
  );
  await expect(drafts.nth(1)).toContainText(", 23:59 (UTC)");
  await expect(drafts.nth(1)).toContainText(/days left/);
  await expect(
    page.getByRole("link", { name: `Continue your application to ${laterProgram.name}`, exact: true }),
  ).toHaveAttribute("href", `/apply/${laterProgram.id}`);
  await expectNoAccessibilityViolations(page);

  await page.goto("/user/dash");
  for (const program of [university.program, laterProgram]) {
    await expect(
      page.getByRole("link", { name: `Continue your application to ${program.name}`, exact: true }),
    ).toHaveAttribute("href", `/apply/${program.id}`);
  }
  await page
    .getByRole("link", { name: `Continue your application to ${laterProgram.name}`, exact: true })
    .click();
  await expect(page).toHaveURL(`/apply/${laterProgram.id}`);
  await expect(page.getByLabel("Personal Statement")).toHaveValue("A start.");
});

test("signed out in another tab mid-application: the form says so, signs in again in place and keeps everything", async ({
  student,
  university,
}) => {
  // A deliberate budget: two form steps, a sign-out in a second page, a sign-in and a submit.
  test.setTimeout(60_000);
  const { page, context, account } = student;
  const { program } = university;
  const banner = page.getByRole("banner");
  const status = page.getByTestId("draft-status");

  await page.goto(`/apply/${program.id}`);
  await page.getByLabel("Personal Statement").fill(STATEMENT);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Previous Institution").fill("Lincoln High School");
  await expect(status).toHaveText("Draft saved");
  await expect(banner.getByRole("link", { name: "Dashboard" })).toBeVisible();

  // The student signs out in a second page of the same browser.
  const other = await context.newPage();
  await other.goto("/");
  await other.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(other.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await other.close();

  // Typing on: the save is refused, the live region and the message say so, the header too.
  await page.getByLabel("Previous Degree").fill("High School Diploma");
  await page.getByLabel("GPA").fill("Upper Second Class (2:1)");
  await page.getByLabel("Graduation Year").fill("2024");
  await expect(status).toHaveAttribute("role", "status");
  await expect(status).toHaveText("Couldn't save the draft: you are signed out");
  const notice = page.getByRole("alert").filter({ hasText: "You are signed out" });
  await expect(notice).toContainText("sign in again to save your draft and submit it");
  await expect(banner.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(banner.getByRole("button", { name: "Sign Out" })).toHaveCount(0);

  // Submit is refused; the focus goes to the message, whose button opens the sign-in dialog.
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(notice).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await notice.getByRole("button", { name: "Sign in again" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in again" });
  await dialog.getByLabel("Username").fill(account.username);
  await dialog.getByLabel("Password", { exact: true }).fill(account.password);
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();

  // Signed in again on the same page: nothing typed is lost, and the draft is saved at once.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/apply/${program.id}`);
  await expect(notice).toHaveCount(0);
  await expect(status).toHaveText("Draft saved");
  await expect(banner.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByLabel("Previous Institution")).toHaveValue("Lincoln High School");
  await expect(page.getByLabel("GPA")).toHaveValue("Upper Second Class (2:1)");
  expect((await savedDraft(page, program.id))?.data.academicHistory).toMatchObject({
    degree: "High School Diploma",
    gpa: "Upper Second Class (2:1)",
  });

  // A Submit that does not reach the server: the focus goes to the message saying what to do.
  // The form sends the application to its server action, a POST to the page's own address.
  const applyPage = `**/apply/${program.id}`;
  await page.route(applyPage, (route) =>
    route.request().method() === "POST" ? route.abort() : route.fallback(),
  );
  await page.getByRole("button", { name: "Submit Application" }).click();
  const failure = page
    .getByRole("form", { name: "Application form" })
    .getByRole("alert")
    .filter({ hasText: "Application Failed" });
  await expect(failure).toContainText("Could not reach the server. Check your connection and try again.");
  await expect(failure).toBeFocused();
  await page.unroute(applyPage);

  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByText("Application Submitted")).toBeVisible();
  await expect(page).toHaveURL("/");
  expect(await savedDraft(page, program.id)).toBeNull();
});
