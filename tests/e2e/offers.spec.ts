import type { APIRequestContext } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { programFormBody } from "../support/program-body";
import { applyTo, expect, signIn, test } from "./fixtures";

// A student replies to the university's offer on My Applications: with JavaScript after a
// confirmation, without it at once; the team then confirms the place once the conditions are met.

/** The admin records the university's offer on the student's new application, through the API. */
async function offer(
  api: APIRequestContext,
  applicationId: number,
  conditions: string[],
  startTerm?: string,
) {
  for (const data of [
    { status: "in-review" },
    { status: "sent-to-university" },
    { status: "approved", offer: { conditions, replyBy: "2027-03-12", startTerm } },
  ]) {
    const response = await api.patch(`/api/applications/${applicationId}`, { data });
    expect(response.status(), `moving application ${applicationId} to ${data.status}`).toBe(200);
  }
}

test("a student accepts a conditional offer; the team confirms the place once the conditions are met", async ({
  api,
  student,
  teamAdmin,
  university,
}) => {
  // A deliberate budget: both sides' pages, two confirmations and two axe scans.
  test.slow();
  const { page } = student;
  const { id } = await applyTo(page.request, university.program.id);
  await offer(api, id, ["IELTS 6.5 overall", "Final transcript"]);

  // The dashboard says what needs doing first.
  await page.goto("/user/dash");
  await expect(page.getByRole("heading", { name: "An offer waits for your reply" })).toBeVisible();
  await expect(
    page.getByText(`(${university.program.name}, ${university.program.degree}) by 12 March 2027`),
  ).toBeVisible();
  await page.getByRole("link", { name: "Reply on My Applications" }).click();

  await expect(page).toHaveURL("/user/applications");
  const item = page.getByTestId("application-item").filter({ hasText: university.program.name });
  const form = item.getByRole("form", { name: /A conditional offer: reply by 12 March 2027/ });
  await expect(form).toContainText("IELTS 6.5 overall");
  await expect(form).toContainText("Final transcript");
  await expect(item.getByText("Approved", { exact: true })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Cancel changes nothing; Accept, confirmed, waits for the conditions.
  await form.getByRole("button", { name: "Accept the offer" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Accept the offer?" });
  await expect(dialog).toContainText("it is confirmed once its conditions are met");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(item.getByText("Approved", { exact: true })).toBeVisible();
  await form.getByRole("button", { name: "Accept the offer" }).click();
  await dialog.getByRole("button", { name: "Accept" }).click();
  // The toast (the history, closed, now says it too).
  await expect(page.getByText("You accepted the offer.", { exact: true })).toBeVisible();
  await expect(item.getByText("Conditions Pending", { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);

  // The team marks each condition on the application's page, then confirms the place.
  const admin = teamAdmin.page;
  await admin.goto(`/admin/applications/${id}`);
  const conditions = admin.getByRole("list", { name: "Conditions of the offer" });
  await expect(admin.getByText("0 of 2 conditions met")).toBeVisible();
  const moves = admin.getByRole("list", { name: "Moves allowed from here" });
  // Not before every condition is met.
  await expect(moves.getByRole("link", { name: "Confirm the place" })).toHaveCount(0);
  await conditions.getByRole("button", { name: "Mark met: IELTS 6.5 overall" }).click();
  await expect(admin.getByText("1 of 2 conditions met")).toBeVisible();
  const ielts = conditions.getByTestId("offer-condition").first();
  await expect(ielts.locator("[data-condition-status]")).toHaveText("Met");
  await expect(ielts).toContainText(`by ${teamAdmin.account.fullName}`);
  await expectNoAccessibilityViolations(admin);
  await conditions.getByRole("button", { name: "Mark met: Final transcript" }).click();
  await expect(admin.getByText("2 of 2 conditions met")).toBeVisible();
  await moves.getByRole("link", { name: "Confirm the place" }).click();
  const confirm = admin.getByRole("form", { name: "Confirm the place" });
  await expect(confirm).toContainText("Every condition is marked met:");
  await confirm.getByLabel("Note for the student (optional)").fill("Both conditions are met. Welcome!");
  await confirm.getByRole("button", { name: "Confirm the place" }).click();
  await expect(admin.getByText("The application is now Place Confirmed.")).toBeVisible();
  // The conditions are settled now: no more buttons.
  await expect(conditions.getByRole("button")).toHaveCount(0);

  // The student sees it, the conditions and the history.
  await page.reload();
  await expect(item.getByText("Place Confirmed", { exact: true })).toBeVisible();
  await expect(item.getByText("Both conditions are met. Welcome!").first()).toBeVisible();
  await expect(item.getByRole("list", { name: "Conditions of the offer" }).getByRole("listitem")).toHaveCount(
    2,
  );
  await expect(item.getByText("2 of 2 conditions met")).toBeVisible();
  await item.getByText(/Status history/).click();
  await expect(item.getByText("Conditions Pending → Place Confirmed")).toBeVisible();
  await expect(
    item.getByText("Every condition of the offer was met, and your place is confirmed."),
  ).toBeVisible();
  await expect(item.getByText("A condition of your offer was marked met.")).toHaveCount(2);
});

test("accepting a second offer for the same start declines the first, once the student confirms", async ({
  api,
  student,
  university,
}) => {
  const { page } = student;
  // A second program of the test university (archived with it when the test ends).
  const other = await api.post("/api/programs", {
    data: programFormBody(university.id, `${university.program.name} Online`, "The same program, online."),
  });
  expect(other.status()).toBe(201);
  const otherProgram = await other.json();
  const first = await applyTo(page.request, university.program.id);
  const second = await applyTo(page.request, otherProgram.id);
  await offer(api, first.id, [], "September 2027");
  await offer(api, second.id, [], "September 2027");
  expect(
    (await page.request.post(`/api/applications/${first.id}/reply`, { data: { answer: "accept" } })).status(),
  ).toBe(200);

  await page.goto("/user/applications");
  const item = page.getByTestId("application-item").filter({ hasText: otherProgram.name });
  const form = item.getByRole("form", { name: /An unconditional offer/ });
  await expect(form.getByRole("note")).toContainText(
    `You have accepted a place for the same start: ${university.program.name} at ${university.name} (September 2027). Accepting this offer declines that place.`,
  );
  await form.getByRole("button", { name: "Accept this offer instead" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Accept the offer?" });
  await expect(dialog).toContainText(
    `Your place at ${university.program.name} at ${university.name} is declined.`,
  );
  await dialog.getByRole("button", { name: "Accept" }).click();
  await expect(item.getByText("Place Confirmed", { exact: true })).toBeVisible();
  const firstItem = page.getByTestId("application-item").filter({ hasText: university.program.name }).filter({
    hasNotText: otherProgram.name,
  });
  await expect(firstItem.getByText("Offer Declined", { exact: true })).toBeVisible();
});

test("without JavaScript a student declines an offer, saying why", async ({
  api,
  browser,
  student,
  university,
}) => {
  const { id } = await applyTo(student.page.request, university.program.id);
  await offer(api, id, []);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await signIn(page, student.account.username, student.account.password);
    await page.goto("/user/applications");
    const item = page.getByTestId("application-item").filter({ hasText: university.program.name });
    const form = item.getByRole("form", { name: /An unconditional offer: reply by 12 March 2027/ });
    await form.getByLabel("If you decline, why? (optional)").fill("I chose a program nearer home.");
    await form.getByRole("button", { name: "Decline the offer" }).click();
    await expect(item.getByText("Offer Declined", { exact: true })).toBeVisible();
    await expect(item.getByRole("form", { name: /offer/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
  const detail = await (await student.page.request.get(`/api/applications/${id}`)).json();
  expect(detail.status).toBe("offer-declined");
});
