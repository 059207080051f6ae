import { expect, test, uniqueWord } from "./fixtures";

// An admin renames a university and gives it a website in the University form: its old address
// still leads to it (a permanent redirect, so links and search engines follow), its new address
// reads the new name transliterated (no letter dropped), and the page links to the website.

test("a renamed university keeps its old address, and its page links to the website", async ({
  teamAdmin,
  university,
}) => {
  // A deliberate budget: the form, a save and two page loads of a page rendered on first visit.
  test.slow();
  const { page } = teamAdmin;
  const word = uniqueWord();
  await page.goto(`/admin/universities/${university.id}/edit`);
  // Filled until it holds exactly the new name: a fill while the form hydrates was once appended
  // to the old name.
  const name = page.getByLabel("University Name");
  await expect(async () => {
    await name.fill(`Çağrı-Øresund ${word} University`);
    await expect(name).toHaveValue(`Çağrı-Øresund ${word} University`, { timeout: 1_000 });
  }).toPass();
  await page.getByLabel("Website").fill("www.example.edu");
  await page.getByRole("button", { name: "Update University" }).click();
  await expect(
    page.getByText("Enter the website as a full address, e.g. https://www.example.edu/"),
  ).toBeVisible();
  await page.getByLabel("Website").fill("https://www.example.edu/admissions");
  await page.getByRole("button", { name: "Update University" }).click();
  await expect(page.getByText("University updated successfully")).toBeVisible();

  const newPath = `/university/cagri-oresund-${word.toLowerCase()}-university`;
  const old = await page.request.get(`/university/${university.slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(308);
  // Next's ISR pages may send the Location header twice, with the same value (Next workaround
  // REPEATED_REDIRECT_LOCATION in lib/next-workarounds.ts).
  const locations = old.headersArray().filter((header) => header.name.toLowerCase() === "location");
  expect(locations.length).toBeGreaterThan(0);
  for (const { value } of locations) expect(new URL(value, "http://x").pathname).toBe(newPath);

  await page.goto(`/university/${university.slug}`);
  await expect(page).toHaveURL(newPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Çağrı-Øresund ${word} University`);
  await expect(page.getByRole("link", { name: /Visit official website/ })).toHaveAttribute(
    "href",
    "https://www.example.edu/admissions",
  );
});
