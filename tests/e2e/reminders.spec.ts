import { expectNoAccessibilityViolations } from "./axe";
import { expect, test } from "./fixtures";

// The profile's deadline reminders. The calendar address works signed out (calendar
// apps have no session) until Reset replaces it; the reminder e-mails switch stays as set.

test("the calendar address resets, and the reminder e-mails switch persists", async ({
  student,
  request,
}) => {
  const { page } = student;
  await page.goto("/user/profile");

  await expectNoAccessibilityViolations(page);

  const address = page.getByLabel("Calendar address");
  const first = await address.inputValue();
  expect(first).toMatch(/\/user\/deadlines\.ics\?token=/);
  const feedPath = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
  const feed = await request.get(feedPath(first), { maxRedirects: 0 });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toContain("BEGIN:VCALENDAR");

  await page.getByRole("button", { name: "Reset address" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your calendar address has changed" }),
  ).toBeVisible();
  await expect(address).not.toHaveValue(first);
  expect((await request.get(feedPath(first), { maxRedirects: 0 })).status()).toBe(404);
  expect((await request.get(feedPath(await address.inputValue()), { maxRedirects: 0 })).status()).toBe(200);

  const state = page.getByTestId("reminders-state");
  await expect(state).toHaveText("On");
  await page.getByRole("button", { name: "Turn off reminder e-mails" }).click();
  await expect(page.getByRole("button", { name: "Turn on reminder e-mails" })).toBeVisible();
  await page.reload();
  await expect(state).toHaveText("Off");
  await page.getByRole("button", { name: "Turn on reminder e-mails" }).click();
  await expect(page.getByRole("button", { name: "Turn off reminder e-mails" })).toBeVisible();
  await page.reload();
  await expect(state).toHaveText("On");
});

test("an unsubscribe link that is not valid says so, accessibly", async ({ page }) => {
  await page.goto("/reminders/unsubscribe?token=1.forged");
  await expect(page.getByRole("alert").filter({ hasText: "This link does not work" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
});
