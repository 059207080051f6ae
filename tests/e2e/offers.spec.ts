import type { APIRequestContext } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { applyTo, expect, signIn, test } from "./fixtures";

// A student replies to the university's offer on My Applications: with JavaScript after a
// confirmation, without it at once; the team then confirms the place once the conditions are met.

/** The admin records the university's offer on the student's new application, through the API. */
async function offer(api: APIRequestContext, applicationId: number, conditions: string[]) {
  for (const data of [
    { status: "in-review" },
    { status: "sent-to-university" },
    { status: "approved", offer: { conditions, replyBy: "2027-03-12" } },
  ]) {
    const response = await api.patch(`/api/applications/${applicationId}`, { data });
    expect(response.status(), `moving application ${applicationId} to ${data.status}`).toBe(200);
  }
}

test("a student accepts a conditional offer; the team confirms the place once the conditions are met", async ({
  api,
  student,
  university,
}) => {
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

  // The team confirms the place; the student sees it, and its history.
  const confirmed = await api.patch(`/api/applications/${id}`, {
    data: { status: "place-confirmed", note: "Both conditions are met. Welcome!" },
  });
  expect(confirmed.status()).toBe(200);
  await page.reload();
  await expect(item.getByText("Place Confirmed", { exact: true })).toBeVisible();
  await expect(item.getByText("Both conditions are met. Welcome!").first()).toBeVisible();
  await item.getByText(/Status history/).click();
  await expect(item.getByText("Conditions Pending → Place Confirmed")).toBeVisible();
  await expect(
    item.getByText("Every condition of the offer was met, and your place is confirmed."),
  ).toBeVisible();
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
