import { expect, test, type Page } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { choose } from "./select";

const count = (page: Page) => page.getByText(/^Items (\d+–\d+|0) of (about )?[\d,]+$/);
const resultNames = (page: Page) => page.locator("main article h3").allTextContents();

test("home: the search card takes country, level and field to the search page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Find your dream university" })).toBeVisible();
  await choose(page, "Country", "Germany");
  await choose(page, "Study Level", "Master's");
  await choose(page, "Study Field", "Engineering");
  await page.getByRole("button", { name: "Find universities" }).click();

  await expect(page).toHaveURL(/\/universities\/search\?country=DE&level=Master%27s&field=Engineering$/);
  await expect(page.getByRole("heading", { level: 1, name: "University search" })).toBeVisible();
  await expect(page.getByLabel("Country", { exact: true })).toHaveText("Germany");
  await expect(page.getByLabel("Study Level", { exact: true })).toHaveText("Master's");
  const cards = page.locator("main article");
  await expect(cards.first()).toContainText("Germany");
  await expect(cards.first()).toContainText(/matching programs?/);
});

test("search by each filter and by name, with the count and an empty state", async ({ page }) => {
  await page.goto("/universities/search");
  // Every university: the 10,251 seeded, plus any an admin test adds meanwhile.
  await expect(count(page)).toHaveText(/^Items 1–20 of 10,2\d\d$/);

  await choose(page, "Country", "Japan");
  await expect(page).toHaveURL(/country=JP/);
  await expect(page.locator("main article").first()).toContainText("Japan");
  const japan = await count(page).textContent();

  await choose(page, "Study Level", "PhD");
  await expect(page).toHaveURL(/country=JP&level=PhD/);
  await expect(count(page)).not.toHaveText(japan!);

  await choose(page, "Study Field", "Medicine");
  await expect(page).toHaveURL(/field=Medicine/);

  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(page).toHaveURL(/\/universities\/search$/);

  await page.getByLabel("University name").fill("technology");
  await expect(page).toHaveURL(/q=technology/);
  // The URL changes at once; the server's results follow.
  await expect(async () => {
    const names = await resultNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain("technology");
  }).toPass();

  await page.getByLabel("University name").fill("zzzz-no-such-university");
  await expect(page.getByText("No universities match your search")).toBeVisible();
  await expect(count(page)).toHaveText("Items 0 of 0");
});

test("names match without their accents: sao paulo finds São Paulo, munchen München", async ({ page }) => {
  const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  await page.goto("/universities/search?q=sao+paulo");
  await expect(page.getByLabel("University name")).toHaveValue("sao paulo");
  const names = await resultNames(page);
  expect(names.length).toBeGreaterThan(0);
  expect(names.some((name) => name.includes("São Paulo"))).toBe(true);
  for (const name of names) expect(plain(name)).toContain("sao paulo");

  await page.getByLabel("University name").fill("MUNCHEN");
  await expect(page).toHaveURL(/q=MUNCHEN/);
  await expect(async () => {
    const found = await resultNames(page);
    expect(found.some((name) => name.includes("München"))).toBe(true);
    for (const name of found) expect(plain(name)).toContain("munchen");
  }).toPass();
});

test("the URL is the state: reload and Back/Forward keep the search", async ({ page }) => {
  await page.goto("/universities/search");
  const everything = await count(page).textContent();
  await choose(page, "Study Level", "Bachelor's");
  await expect(page).toHaveURL(/level=Bachelor%27s/);
  await expect(count(page)).not.toHaveText(everything!);
  const bachelors = await count(page).textContent();
  await choose(page, "Study Field", "Law");
  await expect(page).toHaveURL(/level=Bachelor%27s&field=Law/);
  await expect(count(page)).not.toHaveText(bachelors!);
  const results = await resultNames(page);

  await page.reload();
  await expect(page.getByLabel("Study Field", { exact: true })).toHaveText("Law");
  expect(await resultNames(page)).toEqual(results);

  await page.goBack();
  await expect(page).toHaveURL(/level=Bachelor%27s$/);
  await expect(page.getByLabel("Study Field", { exact: true })).toHaveText("All fields");
  await expect(count(page)).toHaveText(bachelors!);
  await page.goForward();
  await expect(page).toHaveURL(/field=Law/);
  await expect(page.getByLabel("Study Field", { exact: true })).toHaveText("Law");
});

test("paging and sorting", async ({ page }) => {
  await page.goto("/universities/search?country=GB");
  const firstPage = await resultNames(page);
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/country=GB&page=2/);
  await expect(count(page)).toHaveText(/^Items 21–40 of /);
  expect(await resultNames(page)).not.toEqual(firstPage);
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  await choose(page, "Sort by", "Name (A-Z)");
  await expect(page).toHaveURL(/sort=name/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(count(page)).toHaveText(/^Items 1–20 of /);
  await expect(async () => {
    const names = await resultNames(page);
    expect(names).toEqual([...names].sort());
  }).toPass();

  await choose(page, "Sort by", "Lowest tuition");
  await expect(page).toHaveURL(/sort=tuition/);
  await expect(async () => {
    const fees = (
      await page
        .locator("main article")
        .getByText(/^from \$/)
        .allTextContents()
    ).map((t) => Number(t.replace(/[^\d]/g, "")));
    expect(fees).toEqual([...fees].sort((a, b) => a - b));
    expect(fees[0]).toBe(0);
  }).toPass();
});

test("the cost slider filters by tuition", async ({ page }) => {
  await page.goto("/universities/search?country=US");
  const slider = page.getByRole("slider", { name: /Maximum tuition per year/ });
  await slider.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/cost=3000/);
  await expect(page.getByText("Up to $3,000 per year")).toBeVisible();
  await expect(async () => {
    const fees = await page
      .locator("main article")
      .getByText(/^from \$/)
      .allTextContents();
    expect(fees.length).toBeGreaterThan(0);
    for (const fee of fees) expect(Number(fee.replace(/[^\d]/g, ""))).toBeLessThanOrEqual(3000);
  }).toPass();
});

test("small screens: the filters are a side sheet", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/universities/search");
  await expect(page.getByRole("complementary", { name: "Filters" })).toBeHidden();
  await page.getByRole("button", { name: "Filters" }).click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeVisible();
  await choose(page, "Study Level", "PhD", sheet);
  await expect(page).toHaveURL(/level=PhD/);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("button", { name: "Filters (1)" })).toBeVisible();
});

test("home and search pages have no accessibility violations", async ({ page }) => {
  await page.goto("/");
  await expectNoAccessibilityViolations(page);
  await page.goto("/universities/search?level=Master%27s");
  await expectNoAccessibilityViolations(page);
});

test("the search page is complete HTML before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/universities/search?country=FR");
  await expect(page.locator("main article").first()).toContainText("France");
  await expect(page.getByText(/^Items 1–20 of /)).toBeVisible();
  await context.close();
});

test("a page number or a search the API would refuse is a 404 or the API's message, never a 500", async ({
  page,
}) => {
  const huge = await page.goto("/universities/search?page=99999999999999999999");
  expect(huge?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();

  const long = await page.goto(`/universities/search?country=JP&q=${"a".repeat(300)}`);
  expect(long?.status()).toBe(200);
  const invalid = page.getByTestId("invalid-query");
  await expect(invalid).toContainText("q must be at most 200 characters");
  await invalid.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(/\/universities\/search$/);
  await expect(count(page)).toHaveText(/^Items 1–20 of [\d,]+$/);
});
