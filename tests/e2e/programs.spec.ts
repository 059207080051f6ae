import type { Page } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { createAccount, deleteAccount, expect, test } from "./fixtures";
import { choose } from "./select";
import { programFormBody } from "../support/program-body";

// The program search, the shortlist kept across sign-in, and the comparison on a phone.

const count = (page: Page) => page.getByText(/^Items (\d+–\d+|0) of (about )?[\d,]+$/);
const results = (page: Page) => page.getByTestId("program-result");

test("/programs: filters, sort and paging live in the URL, which reloads to the same search", async ({
  page,
}) => {
  // A deliberate budget: five filter changes, each a server render over 56,000 programs, and axe.
  test.setTimeout(90_000);
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Programs", exact: true }).first().click();
  await expect(page).toHaveURL(/\/programs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Program search" })).toBeVisible();
  await expect(count(page)).toHaveText(/^Items 1–20 of [\d,]+$/);
  await expect(page.getByText("Sorted by deadline, soonest first.")).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await choose(page, "Country", "Japan");
  await expect(page).toHaveURL(/country=JP/);
  await choose(page, "Degree", "MSc");
  await expect(page).toHaveURL(/degree=MSc/);
  await page.getByLabel("Still open only").check();
  await expect(page).toHaveURL(/open=true/);
  await choose(page, "Sort by", "Lowest tuition");
  await expect(page).toHaveURL(/sort=tuition/);
  await expect(
    page.getByText("Sorted by tuition per year in US dollars at the latest rates, lowest first."),
  ).toBeVisible();
  await expect(async () => {
    const cards = await results(page).all();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      await expect(card).toContainText("Japan");
      await expect(card).toContainText("MSc");
      await expect(card).toContainText(/days? left|Closes today/);
    }
  }).toPass();
  const first = results(page).first();
  await expect(first.getByRole("link", { name: /^Apply Now/ })).toBeVisible();
  await expect(first.getByRole("button", { name: /^Save/ })).toBeVisible();

  // The URL is the state: a reload shows the same search, and Back undoes the sort.
  const url = page.url();
  const names = await page.locator("[data-testid=program-result] h3").allTextContents();
  await page.reload();
  await expect(page.getByLabel("Degree", { exact: true })).toHaveText("MSc");
  await expect(page.getByLabel("Still open only")).toBeChecked();
  expect(await page.locator("[data-testid=program-result] h3").allTextContents()).toEqual(names);
  expect(page.url()).toBe(url);
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=tuition/);

  // A value the search cannot use: its message instead of results.
  await page.goto("/programs?duration=99");
  await expect(page.getByTestId("invalid-query")).toContainText(
    "duration must be a whole number of years from 1 to 6",
  );
});

test("a visitor saves a program, signs in, and finds it on the shortlist", async ({
  page,
  api,
  university,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount(api, "student");
  try {
    await page.goto(`/university/${university.slug}`);
    // "Save ..." until saved, then "Saved ...".
    const save = page.getByRole("button", {
      name: new RegExp(`^Saved? ${university.program.degree} ${university.program.name}$`),
    });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(save).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(save).toHaveAttribute("aria-pressed", "true");

    await page.goto("/auth?callbackUrl=%2Fuser%2Fshortlist");
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/user\/shortlist$/);
    const list = page.getByTestId("shortlist");
    await expect(list).toContainText(university.program.name);
    await expect(list).toContainText(/days? left/);
    await expect(page.getByRole("link", { name: "My Shortlist" })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Kept in the account: the browser's list is gone, and a Save control shows it saved.
    expect(await page.evaluate(() => localStorage.getItem("unisearch.shortlist"))).toBeNull();
    await page.goto(`/university/${university.slug}`);
    await expect(
      page.getByRole("button", { name: new RegExp(`^Saved .*${university.program.name}`) }),
    ).toHaveAttribute("aria-pressed", "true");

    await page.goto("/user/shortlist");
    await page.getByRole("button", { name: `Remove ${university.program.name}` }).click();
    await expect(page.getByText("Nothing saved yet")).toBeVisible();
  } finally {
    await deleteAccount(api, account.id);
  }
});

test("compare three programs on a phone: names stay in view while the rows scroll", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto("/programs?sort=name");
  const boxes = page.getByRole("checkbox", { name: /^Compare / });
  const names = await page.locator("[data-testid=program-result] h3").allTextContents();
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await page.getByRole("button", { name: "Compare selected (2 to 4)" }).click();
  await expect(page).toHaveURL(/\/compare\?ids=\d+&ids=\d+&ids=\d+$/);

  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(names.slice(0, 3));
  for (const row of ["University", "Country", "Ranking", "Tuition per year", "Tuition in total", "Deadline"])
    await expect(table.getByRole("rowheader", { name: row })).toBeVisible();
  await expect(table.getByRole("link", { name: /^Apply Now/ })).toHaveCount(3);
  await expectNoAccessibilityViolations(page);

  // Scroll the comparison sideways and down: the row labels and the program names stay put.
  const region = page.getByRole("region", { name: "Comparison" });
  const label = table.getByRole("rowheader", { name: "University" });
  const header = table.getByRole("columnheader").first();
  const labelBefore = await label.boundingBox();
  const headerBefore = await header.boundingBox();
  await region.evaluate((el) => el.scrollBy(400, 400));
  expect((await label.boundingBox())!.x).toBeCloseTo(labelBefore!.x, 0);
  const headerAfter = await header.boundingBox();
  expect(headerAfter!.y).toBeCloseTo(headerBefore!.y, 0);

  // The address is the comparison: it works in a fresh browser too (shared, signed out).
  const shared = page.url();
  await page.context().clearCookies();
  await page.goto(shared);
  await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(3);

  await page.goto("/compare?ids=1");
  await expect(page.getByTestId("compare-message")).toContainText("Choose at least 2 programs to compare.");
  await page.goto("/compare?ids=1,2,3,4,5");
  await expect(page.getByTestId("compare-message")).toContainText("at most 4 programs");
  await page.goto("/compare?ids=1,2147483000");
  await expect(page.getByTestId("compare-message")).toContainText("no longer offered or does not exist");
});

test("compare ticks are kept across pages and filters, up to 4, until Clear", async ({ page }) => {
  // A deliberate budget: four server renders of /programs, the comparison, and axe.
  test.setTimeout(60_000);
  const names = () => page.locator("[data-testid=program-result] h3").allTextContents();
  const bar = page.getByTestId("compare-bar");
  const boxes = page.getByRole("checkbox", { name: /^Compare / });
  await page.goto("/programs?sort=name");
  const firstPage = await names();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(bar.getByRole("status")).toHaveText("2 of 4 programs selected.");

  await page
    .getByRole("navigation", { name: "Pagination" })
    .getByRole("link", { name: "Page 2", exact: true })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(boxes.first()).not.toBeChecked();
  const secondPage = await names();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(bar.getByRole("status")).toHaveText("4 of 4 programs selected.");
  // A fifth is refused, and the bar says what to do.
  await boxes.nth(2).click();
  await expect(boxes.nth(2)).not.toBeChecked();
  await expect(bar.getByRole("status")).toContainText("You can compare at most 4 programs at a time.");
  await expectNoAccessibilityViolations(page);

  // A filter change and a reload keep the selection; back on page 1 its ticks are there.
  await page.goto("/programs?sort=name&degree=MSc");
  await expect(bar.getByRole("status")).toHaveText("4 of 4 programs selected.");
  await page.goto("/programs?sort=name");
  await page.reload();
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(1)).toBeChecked();
  await expect(boxes.nth(2)).not.toBeChecked();

  await bar.getByRole("button", { name: "Compare selected (2 to 4)" }).click();
  await expect(page).toHaveURL(/\/compare\?/);
  await expect(page.getByRole("table").getByRole("columnheader")).toHaveText([
    ...firstPage.slice(0, 2),
    ...secondPage.slice(0, 2),
  ]);

  // Clear empties the selection on every page, and keeps the focus on the button.
  await page.goBack();
  await expect(bar.getByRole("status")).toHaveText("4 of 4 programs selected.");
  const clear = bar.getByRole("button", { name: "Clear" });
  await clear.click();
  await expect(bar.getByRole("status")).toHaveText("Tick Compare on 2 to 4 programs.");
  await expect(clear).toBeFocused();
  await expect(page.getByRole("checkbox", { name: /^Compare /, checked: true })).toHaveCount(0);
  await page.goto("/programs?sort=name&page=2");
  await expect(page.getByRole("checkbox", { name: /^Compare /, checked: true })).toHaveCount(0);
});

test("signing out forgets the student's shortlist in the tab; a Save after the session ended works as a visitor's", async ({
  student,
  university,
}) => {
  const { page, context } = student;
  const save = page.getByRole("button", {
    name: new RegExp(`^Saved? ${university.program.degree} ${university.program.name}$`),
  });
  await page.goto(`/university/${university.slug}`);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(save).toHaveAttribute("aria-pressed", "true");

  // Sign Out, then Back to the same page in the same tab (a client navigation: no reload).
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await page.goBack();
  await expect(page).toHaveURL(`/university/${university.slug}`);
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

  // Signed in again, then signed out behind the page's back (another tab): Save still works, as a
  // visitor's (kept in this browser), and the header stops claiming a session.
  await page.goto("/auth");
  await page.getByLabel("Username").fill(student.account.username);
  await page.getByLabel("Password", { exact: true }).fill(student.account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/auth");
  await page.goto(`/university/${university.slug}`);
  await expect(save).toHaveAttribute("aria-pressed", "true");
  expect((await context.request.post("/api/logout")).status()).toBeLessThan(300);
  await save.click();
  await expect(page.getByText("Could not update your shortlist")).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("unisearch.shortlist"))).toContain(
    String(university.program.id),
  );
});

test("closed programs come after the open ones, labelled Closed, with no Apply Now anywhere", async ({
  page,
  api,
  university,
}) => {
  // A second program of the fixture's university whose deadline has passed: the start of
  // yesterday (UTC), the earliest deadline the API accepts, so the earliest of the catalogue.
  const closedName = `${university.program.name} Archive Course`;
  const yesterday = new Date();
  yesterday.setUTCHours(0, 0, 0, 0);
  yesterday.setUTCDate(yesterday.getUTCDate() - 1);
  const created = await api.post("/api/programs", {
    data: { ...programFormBody(university.id, closedName), deadline: yesterday.toISOString() },
  });
  expect(created.status(), "creating the closed program").toBe(201);
  const closedId = ((await created.json()) as { id: number }).id;

  // The default search (by deadline) starts with a program one can still apply to.
  await page.goto("/programs");
  const first = results(page).first();
  await expect(first.getByRole("link", { name: /^Apply Now/ })).toBeVisible();
  await expect(first).not.toContainText("Closed");

  // Among this university's programs the open one comes first; the closed one says so.
  await page.goto(`/programs?q=${encodeURIComponent(university.name)}`);
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).first().getByRole("heading")).toHaveText(university.program.name);
  const closed = results(page).nth(1);
  await expect(closed.getByRole("heading")).toHaveText(closedName);
  await expect(closed.getByText("Closed", { exact: true })).toBeVisible();
  await expect(closed.getByText("Applications closed")).toBeVisible();
  await expect(closed.getByRole("link", { name: /Apply Now/ })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // The university page and the comparison: the same label, no Apply Now for it.
  await page.goto(`/university/${university.slug}`);
  const card = page.getByTestId("program-card").filter({ hasText: closedName });
  await expect(card.getByText("Closed", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: /Apply Now/ })).toHaveCount(0);
  await expect(
    page.getByTestId("program-card").filter({ hasText: university.program.name }).first(),
  ).toContainText("Apply Now");

  await page.goto(`/compare?ids=${university.program.id}&ids=${closedId}`);
  const table = page.getByRole("table");
  await expect(table.getByRole("link", { name: /^Apply Now/ })).toHaveCount(1);
  await expect(table.getByText("Applications closed")).toBeVisible();
});
