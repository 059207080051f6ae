import type { APIRequestContext } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { applyTo, expect, signIn, test } from "./fixtures";

// The admin's application page offers the moves the transition table allows from the current
// status, each with the form its transition needs; both sides then read the same history: the
// team with the staff member's name, the student in words addressed to them.

/** Moves the application on through the API, as the admin whose request context this is. */
async function moveTo(api: APIRequestContext, id: number, ...statuses: string[]) {
  for (const status of statuses) {
    const response = await api.patch(`/api/applications/${id}`, { data: { status } });
    expect(response.status(), `moving application ${id} to ${status}`).toBe(200);
  }
}

/** Fourteen days from today, as the offer form's date input holds it. */
function inTwoWeeks() {
  return new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
}

test("an admin records a conditional offer from the application's page; the student reads it", async ({
  student,
  teamAdmin,
  university,
}) => {
  // A deliberate budget: two pages, a form and two axe scans of the full page; about 15 s idle.
  test.slow();
  const { id } = await applyTo(student.page.request, university.program.id);
  await moveTo(teamAdmin.page.request, id, "in-review", "sent-to-university");
  const page = teamAdmin.page;
  await page.goto(`/admin/applications/${id}`);

  // From Sent to University: an interview, an offer or a rejection.
  const moves = page.getByRole("list", { name: "Moves allowed from here" });
  await expect(moves.getByRole("link")).toHaveText(["Invite to an interview", "Record an offer", "Reject"]);
  await moves.getByRole("link", { name: "Record an offer" }).click();
  const form = page.getByRole("form", { name: "Record an offer" });
  await expect(page.getByRole("heading", { name: "Record an offer" })).toBeFocused();
  await expect(form.getByLabel("Reply by")).toHaveValue(inTwoWeeks());
  await form.getByLabel("Condition 1").fill("IELTS 6.5 overall");
  await form.getByLabel("Condition 2").fill("Final transcript");
  await form.getByLabel("Start term (optional)").fill("September 2027");
  await expectNoAccessibilityViolations(page);
  await form.getByRole("button", { name: "Record an offer" }).click();

  await expect(page.getByText("The application is now Approved.")).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}$`));
  await expect(page.getByText("Approved", { exact: true }).first()).toBeVisible();
  // From an offer the next step is the student's; the team may still withdraw it.
  await expect(moves.getByRole("link")).toHaveText(["Withdraw the offer"]);
  const offer = page.getByTestId("history-entry").last();
  await expect(offer).toContainText("The university offered a place.");
  await expect(offer).toContainText(`by ${teamAdmin.account.fullName}`);
  await expect(offer.getByRole("listitem")).toHaveText(["IELTS 6.5 overall", "Final transcript"]);
  await expect(offer).toContainText("Start: September 2027");

  // The student reads the same event, addressed to them.
  await student.page.goto("/user/applications");
  const item = student.page.getByTestId("application-item").filter({ hasText: university.program.name });
  await item.getByText(/Status history/).click();
  const theirs = item.getByTestId("history-entry").last();
  await expect(theirs).toContainText("The university offered you a place.");
  await expect(theirs).toContainText("by the admissions team");
  await expect(theirs).not.toContainText(teamAdmin.account.fullName);
  await expect(theirs.getByRole("listitem")).toHaveText(["IELTS 6.5 overall", "Final transcript"]);
  await expectNoAccessibilityViolations(student.page);
});

test("an admin rejects an application with a reason; a rejection without one is not sent", async ({
  student,
  teamAdmin,
  university,
}) => {
  // A deliberate budget: a form checked twice and an axe scan of the full page; about 10 s idle.
  test.slow();
  const { id } = await applyTo(student.page.request, university.program.id);
  await moveTo(teamAdmin.page.request, id, "in-review");
  const page = teamAdmin.page;
  await page.goto(`/admin/applications/${id}`);
  await page.getByRole("link", { name: "Reject" }).click();
  const form = page.getByRole("form", { name: "Reject" });

  await form.getByRole("button", { name: "Reject" }).click();
  await expect(form.getByText("Choose at least one reason")).toBeVisible();
  const grades = form.getByRole("checkbox", { name: "Grades below what the program requires" });
  await expect(form.getByRole("checkbox").first()).toBeFocused();
  await grades.check();
  const detail = form.getByRole("textbox", { name: "What it means for this application" });
  await expect(detail).toHaveCount(1);
  await detail.fill("A GPA of 2.1 where the program asks for 3.0.");
  await expectNoAccessibilityViolations(page);
  await form.getByRole("button", { name: "Reject" }).click();

  await expect(page.getByText("The application is now Rejected.")).toBeVisible();
  await expect(
    page.getByText("Rejected is a final status; this application cannot move any further."),
  ).toBeVisible();
  const rejection = page.getByTestId("history-entry").last();
  await expect(rejection).toContainText("The application was not successful.");
  await expect(rejection).toContainText(
    "Grades below what the program requires: A GPA of 2.1 where the program asks for 3.0.",
  );
});

test("without JavaScript an admin defers a confirmed place to a later start, saying why", async ({
  browser,
  student,
  teamAdmin,
  university,
}) => {
  const { id } = await applyTo(student.page.request, university.program.id);
  await moveTo(teamAdmin.page.request, id, "in-review", "sent-to-university", "approved");
  const accepted = await student.page.request.post(`/api/applications/${id}/reply`, {
    data: { answer: "accept" },
  });
  expect(accepted.status()).toBe(200);

  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await signIn(page, teamAdmin.account.username, teamAdmin.account.password);
    await page.goto(`/admin/applications/${id}`);
    await page.getByRole("link", { name: "Defer to a later start" }).click();
    const form = page.getByRole("form", { name: "Defer to a later start" });
    // Without the reason the form comes back with its message and what was typed.
    await form.getByLabel("New start term").fill("September 2028");
    await form.getByRole("button", { name: "Defer to a later start" }).click();
    await expect(form.getByText("Say why, in a sentence: the student reads it")).toBeVisible();
    await expect(form.getByLabel("New start term")).toHaveValue("September 2028");
    await form.getByLabel("Reason").fill("The student starts a year later for family reasons.");
    await form.getByRole("button", { name: "Defer to a later start" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}$`));
    const deferral = page.getByTestId("history-entry").last();
    await expect(deferral).toContainText("The place moved to a later start.");
    await expect(deferral).toContainText("New start: September 2028");
    await expect(deferral).toContainText("Reason: The student starts a year later for family reasons.");
  } finally {
    await context.close();
  }
});
