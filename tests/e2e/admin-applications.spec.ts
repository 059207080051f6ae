import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { applyTo, expect, test, type SignedIn, type TestProgram, type TestUniversity } from "./fixtures";

// /admin/applications (issue "Applying to programs", Admin review): a student applies
// through the API to the test university's program, an admin finds the application, moves it
// along the review workflow with notes, reads its history, and the student sees the outcome.
// Each test has its own student, admin and university (tests/e2e/fixtures.ts).

/** Applies to the program as the student whose request context this is; returns the application id. */
async function applyAs(request: APIRequestContext, program: TestProgram) {
  const application = await applyTo(request, program.id);
  expect(application.status).toBe("pending");
  return application.id;
}

/** Moves the application on through the API, as the admin whose request context this is. */
async function moveTo(request: APIRequestContext, id: number, status: string, note?: string) {
  const response = await request.patch(`/api/applications/${id}`, { data: { status, note } });
  expect(response.status(), `moving application ${id} to ${status}`).toBe(200);
}

/** The student applies; the admin moves the application to Sent to University through the API. */
async function sentToUniversity(student: SignedIn, admin: SignedIn, university: TestUniversity) {
  const applicationId = await applyAs(student.page.request, university.program);
  await moveTo(admin.page.request, applicationId, "in-review");
  await moveTo(admin.page.request, applicationId, "sent-to-university");
  return applicationId;
}

/** The workspace's applications, one list item each. */
function applicationRows(page: Page) {
  return page.getByRole("list", { name: /^Applications, / }).getByRole("listitem");
}

/** Searches the list for one student's applications and returns their single row. */
async function findRow(page: Page, fullName: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(fullName);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByText("1 application", { exact: true })).toBeVisible();
  const row = applicationRows(page).filter({ hasText: fullName });
  await expect(row).toHaveCount(1);
  return row;
}

async function changeStatus(page: Page, fullName: string, to: string, note: string) {
  const row = applicationRows(page).filter({ hasText: fullName });
  await row.getByRole("button", { name: "Update status" }).click();
  const dialog = page.getByRole("dialog", { name: "Update status" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox", { name: "New status" }).click();
  await page.getByRole("option", { name: to }).click();
  await dialog.getByLabel("Note for the student (optional)").fill(note);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText(to, { exact: true })).toBeVisible();
}

test("an admin finds a student's application by name; from Pending only In Review is offered", async ({
  student,
  superAdmin,
  university,
}) => {
  await applyAs(student.page.request, university.program);
  const page = superAdmin.page;

  await page.goto("/admin/applications");
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  const row = await findRow(page, student.account.fullName);
  await expect(row.getByRole("link", { name: university.program.name })).toBeVisible();
  await expect(row.getByText("Pending", { exact: true })).toHaveAttribute("data-status", "pending");

  // Only the moves the workflow allows are offered: from Pending, In Review alone.
  await row.getByRole("button", { name: "Update status" }).click();
  const dialog = page.getByRole("dialog", { name: "Update status" });
  await dialog.getByRole("combobox", { name: "New status" }).click();
  await expect(page.getByRole("option")).toHaveText(["In Review"]);
  await page.keyboard.press("Escape");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("an admin moves an application on with notes; the history and the student show them", async ({
  student,
  teamAdmin,
  university,
}) => {
  // A deliberate budget: two status dialogs and two axe scans of the full page take about 15 s
  // idle and passed 30 s on a busy 2-core machine; test.slow() triples the budget.
  test.slow();
  const applicationId = await applyAs(student.page.request, university.program);
  const page = teamAdmin.page;
  const fullName = student.account.fullName;
  await page.goto("/admin/applications");
  const row = await findRow(page, fullName);

  const firstNote = "Transcript received; the committee is reviewing it.";
  const secondNote = "Forwarded to the admissions office of the university.";
  await changeStatus(page, fullName, "In Review", firstNote);
  // The success toast, held on screen by the pointer, passes axe too (contrast of its texts).
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Status updated" });
  await toast.hover();
  await expect(toast).toHaveCSS("opacity", "1");
  await expectNoAccessibilityViolations(page);
  await page.mouse.move(0, 0);
  await changeStatus(page, fullName, "Sent to University", secondNote);

  // The detail page: statement, academic history and the history with both notes.
  await row.getByRole("link", { name: "View details" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${applicationId}$`));
  await expect(page.getByRole("heading", { level: 1, name: `${fullName}'s application` })).toBeVisible();
  await expect(page.getByText("I want to study here because")).toBeVisible();
  await expect(page.getByText("Springfield High School")).toBeVisible();
  const history = page.getByTestId("history-entry");
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText(fullName);
  await expect(history.nth(1)).toContainText("Pending");
  await expect(history.nth(1)).toContainText("In Review");
  await expect(history.nth(1)).toContainText(firstNote);
  await expect(history.nth(1)).toContainText(teamAdmin.account.fullName);
  await expect(history.nth(2)).toContainText("Sent to University");
  await expect(history.nth(2)).toContainText(secondNote);
  // axe on the page itself: a toast fading out would be judged mid-animation.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  await expectNoAccessibilityViolations(page);

  // The student sees the outcome and the latest note.
  const mine = await student.page.request.get(`/api/applications/${applicationId}`);
  expect(mine.status()).toBe(200);
  const body = (await mine.json()) as { status: string; latestNote: string | null };
  expect(body.status).toBe("sent-to-university");
  expect(body.latestNote).toBe(secondNote);
});

test("the status filter of /admin/applications is applied by the server", async ({
  student,
  teamAdmin,
  university,
}) => {
  await sentToUniversity(student, teamAdmin, university);
  const page = teamAdmin.page;
  await page.goto("/admin/applications");
  await findRow(page, student.account.fullName);

  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Pending", exact: true }).click();
  await expect(page).toHaveURL(/[?&]status=pending/);
  await expect(page.getByText("0 applications", { exact: true })).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Sent to University" }).click();
  await expect(page.getByText("1 application", { exact: true })).toBeVisible();
});

test("a dialog opened on a stale status says so and reloads instead of saving", async ({
  student,
  teamAdmin,
  university,
}) => {
  // A deliberate budget: the list rendered three times and two moves; past 30 s on a busy machine.
  test.slow();
  const applicationId = await sentToUniversity(student, teamAdmin, university);
  const page = teamAdmin.page;
  await page.goto("/admin/applications");
  await findRow(page, student.account.fullName);

  await page.getByRole("button", { name: /^Update status/ }).click();
  const stale = page.getByRole("dialog", { name: "Update status" });
  await stale.getByRole("combobox", { name: "New status" }).click();
  await page.getByRole("option", { name: "Rejected" }).click();
  await moveTo(page.request, applicationId, "approved");
  await stale.getByRole("button", { name: "Save" }).click();
  const notice = stale.getByRole("alert");
  await expect(notice).toContainText(
    "This application was changed by someone else since you opened it: reload to see their change.",
  );
  await expectNoAccessibilityViolations(page);
  await notice.getByRole("button", { name: "Reload" }).click();
  await expect(stale).toBeHidden();
  await page.getByRole("button", { name: /^Update status/ }).click();
  await expect(page.getByRole("dialog", { name: "Update status" })).toContainText(
    "Approved: the next step is the student's, or needs more than a note.",
  );
});

test("an admin's own application is marked, offers no status control, and another admin reviews it", async ({
  teamAdmin,
  superAdmin,
  university,
}) => {
  // A deliberate budget: two admins' pages and an axe scan; about 10 s idle, more on a busy machine.
  test.slow();
  const own = "You submitted this application, so another team member must review it.";
  // Staff may apply like any student.
  const applicationId = await applyAs(teamAdmin.page.request, university.program);
  const page = teamAdmin.page;
  const fullName = teamAdmin.account.fullName;

  // The list marks it and gives the reason where "Update status" would be.
  await page.goto("/admin/applications");
  const row = await findRow(page, fullName);
  await expect(row.getByText("Your application", { exact: true })).toBeVisible();
  await expect(row.getByText("Another team member must review it.")).toBeVisible();
  await expect(row.getByRole("button", { name: /Update status/ })).toHaveCount(0);

  // The detail page says why, and the server refuses what the page does not offer.
  await row.getByRole("link", { name: "View details" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${applicationId}$`));
  await expect(page.getByRole("heading", { level: 1, name: `${fullName}'s application` })).toBeVisible();
  await expect(page.getByText("Your application", { exact: true })).toBeVisible();
  await expect(page.getByText(own)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Next step" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Start review" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
  const refused = await page.request.patch(`/api/applications/${applicationId}`, {
    data: { status: "in-review" },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toBe(own);

  // Another team member sees an ordinary application with its control, and moves it on.
  const other = superAdmin.page;
  await other.goto(`/admin/applications/${applicationId}`);
  await expect(other.getByRole("link", { name: "Start review" })).toBeVisible();
  await expect(other.getByText("Your application", { exact: true })).toHaveCount(0);
  await moveTo(other.request, applicationId, "in-review");
  await other.reload();
  await expect(other.getByTestId("history-entry").nth(1)).toContainText(superAdmin.account.fullName);
});

test("a student visiting /admin/applications is sent away and never sees the table", async ({ student }) => {
  const page = student.page;

  const direct = await page.request.get("/admin/applications", { maxRedirects: 0 });
  expect(direct.status()).toBe(307);
  expect(direct.headers().location).toMatch(/\/auth$/);
  expect(await direct.text()).not.toContain("<table");

  await page.goto("/admin/applications");
  await expect(page).toHaveURL(/\/(auth|user\/dash)(\?|$)/);
  await expect(page.getByRole("list", { name: /^Applications, / })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Applications", exact: true })).toHaveCount(0);

  // An admin-only page of a specific application also stays closed.
  await page.goto("/admin/applications/1");
  await expect(page).toHaveURL(/\/(auth|user\/dash)(\?|$)/);
});

test("axe: /admin/applications with the status dialog closed and open", async ({
  student,
  teamAdmin,
  university,
}) => {
  // A deliberate budget: axe scans the full page twice; about 15 s idle, past 30 s on a busy 2-core machine.
  test.slow();
  await applyAs(student.page.request, university.program);
  const page = teamAdmin.page;
  await page.goto("/admin/applications");
  await expect(page.getByRole("list", { name: /^Applications, / })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Applications" })).toHaveAttribute("aria-current", "page");
  await expectNoAccessibilityViolations(page);

  await page.getByRole("button", { name: "Update status" }).first().click();
  await expect(page.getByRole("dialog", { name: "Update status" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("button", { name: "Update status" }).first()).toBeFocused();
});

test("the admin dashboard counts a new application and lists it under Recent Applications", async ({
  student,
  teamAdmin: admin,
  university,
}) => {
  const pendingCount = async () => {
    await admin.page.goto("/admin/dash");
    const card = admin.page
      .getByRole("listitem")
      .filter({ has: admin.page.getByRole("heading", { name: "Applications" }) });
    await expect(card).toContainText("Pending review");
    return Number((await card.locator("p").first().textContent())!.replace(/[^\d]/g, ""));
  };
  await pendingCount();
  const thisWeek = async () => {
    // The chart's figures are in a table for screen readers: the last row is the current week.
    const rows = admin.page.getByRole("table", { name: /Applications submitted per week/ }).getByRole("row");
    await expect(rows).toHaveCount(13);
    return Number(await rows.last().getByRole("cell").textContent());
  };
  await thisWeek();
  await expect(admin.page.getByRole("heading", { name: "Application Trends" })).toBeVisible();
  await expect(admin.page.locator("[data-slot=chart] .recharts-bar-rectangle").first()).toBeVisible();
  for (const title of ["Total Users", "Universities", "Programs", "Applications"]) {
    await expect(admin.page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }

  await applyAs(student.page.request, university.program);
  // The figures count every application, and tests in other workers move and withdraw theirs at
  // the same time: a count may drop between two readings. What this application adds is checked
  // by the list below; the counts must still be figures a person can read.
  expect(await pendingCount()).toBeGreaterThanOrEqual(1);
  expect(await thisWeek()).toBeGreaterThanOrEqual(1);
  const recent = admin.page.getByRole("heading", { name: "Recent Applications" }).locator("xpath=../..");
  await expect(recent.getByRole("link", { name: new RegExp(student.account.fullName) })).toBeVisible();
  await expectNoAccessibilityViolations(admin.page);
});
