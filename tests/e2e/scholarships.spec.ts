import type { APIRequestContext } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { expect, test, uniqueWord } from "./fixtures";

// Scholarships: a student narrows the scholarship search by nationality, level, grade and "still
// open" with its plain form, finds the one that fits and saves it to the shortlist; an admin adds
// one with the form. Each page passes the accessibility check.

const DAY_MS = 86_400_000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** A scholarship through the admin API; returns its id. */
async function addScholarship(api: APIRequestContext, data: Record<string, unknown>): Promise<number> {
  const response = await api.post("/api/scholarships", {
    data: { officialUrl: "https://www.example.org/e2e", currency: "EUR", ...data },
  });
  expect(response.status(), `creating ${String(data.name)}`).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test("a student finds a scholarship by its filters and saves it to the shortlist", async ({
  student,
  api,
}) => {
  const word = uniqueWord();
  const provider = `${word} Foundation`;
  const fits = `${word} Kenyan Masters Award`;
  const ids = [
    await addScholarship(api, {
      name: fits,
      provider,
      amountMin: "4000",
      amountMax: "8000",
      nationalities: "KE; UG",
      levels: ["Master's"],
      minGrade: "60",
      deadline: dayFromToday(30),
    }),
    await addScholarship(api, {
      name: `${word} Nigerian Award`,
      provider,
      nationalities: "NG",
      deadline: dayFromToday(20),
    }),
    await addScholarship(api, {
      name: `${word} PhD Award`,
      provider,
      levels: ["PhD"],
      deadline: dayFromToday(25),
    }),
    await addScholarship(api, {
      name: `${word} First Class Award`,
      provider,
      minGrade: "70",
      deadline: dayFromToday(10),
    }),
  ];
  try {
    const { page } = student;
    await page.goto(`/scholarships?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Scholarship search" })).toBeVisible();
    const cards = page.getByTestId("scholarship");
    await expect(cards).toHaveCount(4);

    const filters = page.getByRole("search", { name: "Filter scholarships" });
    await filters.getByLabel("Your nationality").selectOption({ label: "Kenya" });
    await filters.getByLabel("Study level").selectOption("Master's");
    await filters.getByLabel("Your grade (common scale, 0-100)").fill("65");
    await filters.getByLabel("Still open only").check();
    await filters.getByRole("button", { name: "Show scholarships" }).click();

    // The form sends every field; the page goes on to the search's address without the empty ones.
    await expect(page).toHaveURL(
      `/scholarships?${new URLSearchParams({ q: word, level: "Master's", nationality: "KE", grade: "65", open: "true" })}`,
    );
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole("heading", { name: fits })).toBeVisible();
    await expect(card).toContainText("€4,000 to €8,000");
    await expect(card).toContainText("Kenya, Uganda");
    await expect(page.getByText("Items 1–1 of 1")).toBeVisible();
    // The form shows the search it ran.
    await expect(filters.getByLabel("Your grade (common scale, 0-100)")).toHaveValue("65");
    await expectNoAccessibilityViolations(page);

    await card.getByRole("button", { name: `Save ${fits}` }).click();
    await expect(card.getByRole("button", { name: `Saved ${fits}` })).toHaveAttribute("aria-pressed", "true");

    await page.goto("/user/shortlist");
    const saved = page.getByTestId("shortlist").getByRole("listitem").filter({ hasText: fits });
    await expect(saved).toContainText("Scholarship");
    await expect(saved).toContainText(provider);
    await expect(saved.getByRole("link", { name: `Official page of ${fits}` })).toHaveAttribute(
      "href",
      "https://www.example.org/e2e",
    );
    await expectNoAccessibilityViolations(page);
  } finally {
    for (const id of ids) await api.delete(`/api/scholarships/${id}`);
  }
});

test("an admin adds a scholarship with the form, and it is listed", async ({ teamAdmin, api }) => {
  const { page } = teamAdmin;
  const name = `${uniqueWord()} Engineering Grant`;
  await page.goto("/admin/scholarships");
  await page.getByRole("link", { name: "Add Scholarship" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add New Scholarship" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByLabel("Scholarship Name").fill(name);
  await page.getByLabel("Provider").fill("Engineering Council");
  await page.getByLabel("Official page").fill("ftp://example.org/grant");
  await page.getByLabel("Amount (or lowest)").fill("2,500");
  await page.getByRole("button", { name: "Create Scholarship" }).click();
  // The form's own check, before anything is sent: the link, and the amount's currency.
  await expect(page.getByText("Enter the official page as a full address")).toBeVisible();
  await expect(page.getByText("Choose the currency of the amount")).toBeVisible();

  await page.getByLabel("Official page").fill("https://www.example.org/grant");
  await page.getByLabel("Currency").selectOption("GBP");
  await page.getByLabel("Nationalities").fill("gh; ke");
  await page.getByRole("checkbox", { name: "Bachelor's" }).check();
  await page.getByRole("checkbox", { name: "Engineering" }).check();
  await page.getByLabel("Country of study").selectOption({ label: "United Kingdom" });
  await page.getByLabel("Deadline", { exact: true }).fill(dayFromToday(45));
  await page.getByRole("button", { name: "Create Scholarship" }).click();

  await expect(page).toHaveURL(/\/admin\/scholarships$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Engineering Council");
  await expect(row).toContainText("£2,500");
  await expectNoAccessibilityViolations(page);

  // On the public search, for a Ghanaian Bachelor's student.
  await page.goto(
    `/scholarships?${new URLSearchParams({ q: name, nationality: "GH", level: "Bachelor's" })}`,
  );
  await expect(page.getByTestId("scholarship").getByRole("heading", { name })).toBeVisible();

  const listed = (await (await api.get(`/api/scholarships?${new URLSearchParams({ q: name })}`)).json()) as {
    id: number;
  }[];
  expect(listed).toHaveLength(1);
  expect((await api.delete(`/api/scholarships/${listed[0].id}`)).status()).toBe(204);
});
