import { programFormBody } from "../support/program-body";
import { expectNoAccessibilityViolations } from "./axe";
import { expect, test } from "./fixtures";

// Money in the student's currency: a super admin loads exchange rates on /admin/rates (a bad line
// is named and changes nothing), a student chooses a currency on the profile and sees a program's
// tuition in its own currency with the approximation in theirs and the rate's date; a signed-out
// visitor gets the currency of the browser's language.

/** Yesterday (UTC) as the rates file writes it, and as the pages do ("26 Nov 2026"). */
function yesterday() {
  const day = new Date(Date.now() - 86_400_000);
  const iso = day.toISOString().slice(0, 10);
  const text = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(day);
  return { iso, text };
}

test("an admin loads rates and a student sees a program's tuition approximated in their currency", async ({
  api,
  superAdmin,
  student,
  university,
  browser,
}) => {
  test.slow();
  const rateDay = yesterday();
  const page = superAdmin.page;

  // The program is priced in euros.
  const edited = await api.patch(`/api/programs/${university.program.id}`, {
    data: {
      ...programFormBody(university.id, university.program.name),
      currency: "EUR",
      version: 1,
    },
  });
  expect(edited.status(), "moving the test program to euros").toBe(200);

  await page.goto("/admin/rates");
  await expect(page.getByRole("heading", { level: 1, name: "Exchange rates" })).toBeVisible();
  const file = page.getByLabel("Rates file (CSV)");

  // A bad line: named, and nothing is saved.
  await file.setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`currency,rate,date\nEUR,0.92,${rateDay.iso}\nGBP,abc,${rateDay.iso}\n`),
  });
  await page.getByRole("button", { name: "Load rates" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: 'Line 3: the rate "abc" must be a positive number' }),
  ).toBeVisible();
  await expect(page.getByTestId("rate-EUR")).toHaveCount(0);

  await file.setInputFiles({
    name: "rates.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`currency,rate,date\nEUR,0.92,${rateDay.iso}\nGBP,0.79,${rateDay.iso}\n`),
  });
  await page.getByRole("button", { name: "Load rates" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Saved 2 exchange rates of EUR, GBP." }),
  ).toBeVisible();
  await expect(page.getByTestId("rate-EUR")).toContainText(`EUR0.92${rateDay.text}`);
  await expect(page.getByTestId("rate-GBP")).toContainText(`GBP0.79${rateDay.text}`);
  await expectNoAccessibilityViolations(page);

  // The student chooses pounds on the profile.
  await student.page.goto("/user/profile");
  await student.page.getByLabel("Show amounts also in").selectOption("GBP");
  await student.page.getByRole("button", { name: "Save currency" }).click();
  await expect(student.page.getByRole("status").filter({ hasText: "Your currency is saved" })).toBeVisible();

  // 12,000 EUR / 0.92 × 0.79 = 10,304.35 GBP, shown in whole pounds with the rate's day.
  await student.page.goto(`/university/${university.slug}`);
  const card = student.page.getByText("€12,000 per year");
  await expect(card).toBeVisible();
  await expect(student.page.getByTestId("approximation")).toHaveText(`≈ £10,304, rate of ${rateDay.text}`);

  // The university search compares and shows tuition in dollars: 12,000 EUR / 0.92 is $13,043.48,
  // within a $14,000 limit and over $13,000.
  const search = (cost: number) =>
    `/universities/search?q=${encodeURIComponent(university.name)}&cost=${cost}`;
  await student.page.goto(search(14_000));
  await expect(student.page.getByText("from $13,043 per year")).toBeVisible();
  await student.page.goto(search(13_000));
  await expect(student.page.getByText("No universities match your search")).toBeVisible();

  // Signed out, in a browser whose language is British English: pounds too, from the proxy's cookie.
  const visitor = await browser.newContext({ locale: "en-GB" });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/university/${university.slug}`);
  await expect(visitorPage.getByText("€12,000 per year")).toBeVisible();
  await expect(visitorPage.getByTestId("approximation")).toHaveText(`≈ £10,304, rate of ${rateDay.text}`);
  await visitor.close();

  // In a browser whose language is German: euros, the program's own currency: nothing to add.
  const german = await browser.newContext({ locale: "de-DE" });
  const germanPage = await german.newPage();
  await germanPage.goto(`/university/${university.slug}`);
  await expect(germanPage.getByText("€12,000 per year")).toBeVisible();
  await expect(germanPage.getByTestId("approximation")).toHaveCount(0);
  await german.close();
});
