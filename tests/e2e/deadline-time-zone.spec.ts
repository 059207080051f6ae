import { expect, test } from "./fixtures";
import { programFormBody } from "../support/program-body";
import { expectNoAccessibilityViolations } from "./axe";

// A deadline is a day that ends at 23:59 in the program's time zone: the university page says so
// in the program's zone, and the visitor's browser adds its own time for that moment.

test("a program's deadline shows 23:59 in its zone and the visitor's local time", async ({
  browser,
  api,
  university,
}) => {
  const { program } = university;
  const changed = await api.patch(`/api/programs/${program.id}`, {
    data: {
      ...programFormBody(university.id, program.name, "Oceans, coasts and a thesis."),
      deadline: "2090-03-15T00:00:00.000Z",
      timeZone: "Europe/Berlin",
      version: (program as { version?: number }).version,
    },
  });
  expect(changed.status()).toBe(200);

  // A visitor in California: 23:59 in Berlin (CET) on 15 March is 15:59 there (PDT).
  const context = await browser.newContext({ timezoneId: "America/Los_Angeles" });
  const page = await context.newPage();
  await page.goto(`/university/${university.slug}`);
  const card = page.getByTestId("program-card").filter({ hasText: program.name });
  await expect(card).toContainText("15 March 2090, 23:59 (Europe/Berlin)");
  await expect(card.getByTestId("local-time")).toHaveText(
    " · 15 March 2090, 15:59 your time (America/Los_Angeles)",
  );
  await expectNoAccessibilityViolations(page);
  await context.close();

  // A visitor in Berlin sees only the program's own time.
  const berlin = await browser.newContext({ timezoneId: "Europe/Berlin" });
  const there = await berlin.newPage();
  await there.goto(`/university/${university.slug}`);
  const own = there.getByTestId("program-card").filter({ hasText: program.name });
  await expect(own).toContainText("15 March 2090, 23:59 (Europe/Berlin)");
  await expect(own.getByTestId("local-time")).toHaveCount(0);
  await berlin.close();
});
