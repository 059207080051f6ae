import { rankingLabel } from "@/lib/universities/ranking";
import { expectNoAccessibilityViolations } from "./axe";
import { expect, test, uniqueWord, deleteUniversity } from "./fixtures";

// The e2e server runs on a demo database (DEMO_DATA=1), so every page says its
// programs, tuition, deadlines and rankings are generated; rankings say whose they are; and a
// university with no programs yet says so instead of showing invented ones.

const NOTICE =
  "Demo data: programs, tuition, deadlines and rankings on this site are generated for trying the product.";

test("the home page of a demo database carries the 'Demo data' notice", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("note")).toHaveText(NOTICE);
  await expectNoAccessibilityViolations(page);
});

test("the dashboards carry it too", async ({ student }) => {
  await student.page.goto("/user/dash");
  await expect(student.page.getByRole("note")).toHaveText(NOTICE);
});

test("search sorted by ranking shows the demo's labelled rankings first and says where the unranked go", async ({
  page,
  request,
}) => {
  const [first] = await (await request.get("/api/universities?limit=1")).json();
  expect(first.rankingSource).toBe("Demo ranking");

  await page.goto("/universities/search");
  await expect(page.getByText("Sorted by ranking; unranked universities last.")).toBeVisible();
  const card = page.getByRole("article").first();
  await expect(card.getByRole("heading", { name: first.name })).toBeVisible();
  await expect(card.getByText(rankingLabel(first)!, { exact: true })).toBeVisible();
  await expect(page.getByText(/Rank #/)).toHaveCount(0);
});

test("a university with no programs yet says so, and search by level does not find it", async ({
  api,
  page,
}) => {
  const word = uniqueWord();
  const created = await api.post("/api/universities", {
    data: { name: `${word} Empty University`, country: "New Zealand", images: [] },
  });
  expect(created.status()).toBe(201);
  const university = (await created.json()) as { id: number; name: string; slug: string };
  try {
    await page.goto(`/university/${university.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: university.name })).toBeVisible();
    await expect(page.getByText("No programs have been added for this university yet.")).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByText(`${university.name} is a university in New Zealand.`)).toBeVisible();

    await page.goto(`/universities/search?q=${word}`);
    const card = page.getByRole("article").filter({ hasText: university.name });
    await expect(card).toContainText("No programs added yet");
    await expect(card).not.toContainText("per year");
    await page.goto(`/universities/search?q=${word}&level=Master%27s`);
    await expect(page.getByText("No universities match your search")).toBeVisible();
  } finally {
    await deleteUniversity(api, university.id);
  }
});
