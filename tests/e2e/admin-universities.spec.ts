import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";
import { expect, test, uniqueWord } from "./fixtures";

// University management (/admin/universities and the University form): an
// admin (a fresh team admin, tests/e2e/fixtures.ts) adds a university with a main image and two campus photos, finds it on its public page,
// renames it and removes a photo, then deletes it. Real image files, real uploads.

const fixture = (name: string) => join(__dirname, "../fixtures/images", name);

/** The image has loaded (through next/image's optimizer for /uploads/ files). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** The /uploads/... address behind an image, also when next/image serves it through /_next/image. */
async function uploadPathOf(image: Locator): Promise<string> {
  const src = (await image.getAttribute("src"))!;
  const url = new URL(src, "http://x");
  return url.pathname === "/_next/image" ? url.searchParams.get("url")! : url.pathname;
}

async function searchList(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

test("an admin adds, views, edits and deletes a university with its images", async ({ teamAdmin }) => {
  // A deliberate budget: three real uploads through next/image, two page visits and the deletes.
  test.setTimeout(120_000);
  const { page } = teamAdmin;
  const word = uniqueWord();
  const name = `Aurora ${word} University`;
  const renamed = `Aurora ${word} Institute`;

  // The list: searched on the server, 10,000+ seeded rows.
  await page.goto("/admin/universities");
  await expect(page.getByRole("heading", { name: "Universities", level: 1 })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Programs" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Add.
  await page.getByRole("link", { name: "Add University" }).click();
  await expect(page.getByRole("heading", { name: "Add New University" })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole("button", { name: "Create University" }).click();
  await expect(page.getByText("University name is required")).toBeVisible();
  await expect(page.getByText("Country is required")).toBeVisible();

  await page.getByLabel("University Name").fill(name);
  const country = page.getByRole("combobox", { name: "Country" });
  await expect(country).toHaveText("Select country");
  await country.click();
  const countrySearch = page.getByPlaceholder("Search countries...");
  await countrySearch.fill("12345");
  await expect(page.getByText("No country found.")).toBeVisible();
  await countrySearch.fill("zealand");
  await page.getByRole("option", { name: "New Zealand" }).click();
  await expect(country).toHaveText("New Zealand");
  await page.getByLabel("Ranking", { exact: true }).fill("321");
  await page.getByLabel("Ranking source").fill("QS");
  await page.getByLabel("Ranking year").fill("2026");

  // Files are judged by their content: a text file, and an SVG passed off as a PNG, are refused.
  const gallery = page.getByLabel("Upload campus images");
  await gallery.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByRole("alert").filter({ hasText: "Please upload only image files" })).toBeVisible();
  await gallery.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
  });
  await expect(page.getByRole("alert").filter({ hasText: "Please upload only image files" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Campus image \d preview/ })).toHaveCount(0);

  // The main image: a progress bar that reaches 100 and goes a second later, then the preview.
  await page.getByLabel("Upload main image").setInputFiles(fixture("campus-blue.png"));
  const progress = page.getByRole("progressbar", { name: "Uploading campus-blue.png" });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  await expect(progress).toBeHidden();
  await expectLoaded(page.getByRole("img", { name: "Main image preview" }));

  await gallery.setInputFiles([fixture("campus-red.jpg"), fixture("campus-green.png")]);
  await expectLoaded(page.getByRole("img", { name: "Campus image 1 preview" }));
  await expectLoaded(page.getByRole("img", { name: "Campus image 2 preview" }));
  await page.getByLabel("Description").fill("A university made by the end-to-end tests.");

  await page.getByRole("button", { name: "Create University" }).click();
  await expect(page.getByText("University created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/universities$/);

  // In the list, with its country, ranking and (no) programs.
  await searchList(page, word);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell")).toHaveText([name, "New Zealand", "QS 2026: 321", "0", /Delete/]);

  // Its public page, opened in a new tab, shows the uploaded images.
  const [publicPage] = await Promise.all([
    page.waitForEvent("popup"),
    row.getByRole("link", { name: `View ${name} (opens in a new tab)` }).click(),
  ]);
  await expect(publicPage).toHaveURL(new RegExp(`/university/aurora-${word.toLowerCase()}-university$`));
  await expect(publicPage.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(publicPage.getByText("QS 2026: 321", { exact: true })).toBeVisible();
  await expect(publicPage.getByText("No programs have been added for this university yet.")).toBeVisible();
  const hero = publicPage.getByRole("img", { name: `${name} main campus` });
  await expectLoaded(hero);
  await expectLoaded(publicPage.getByRole("img", { name: `${name} campus photo 1` }));
  await expectLoaded(publicPage.getByRole("img", { name: `${name} campus photo 2` }));
  const mainImagePath = await uploadPathOf(hero);
  const removedPhotoPath = await uploadPathOf(
    publicPage.getByRole("img", { name: `${name} campus photo 1` }),
  );
  expect(mainImagePath).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
  expect(removedPhotoPath).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
  // The optimizer re-encodes an upload in a modern format (sharp), as a browser asks for it.
  for (const accept of ["image/avif,image/webp,*/*", "image/webp,*/*"]) {
    const optimised = await publicPage.request.get(
      `/_next/image?url=${encodeURIComponent(mainImagePath)}&w=640&q=75`,
      { headers: { Accept: accept } },
    );
    expect(optimised.status()).toBe(200);
    expect(optimised.headers()["content-type"]).toBe(accept.split(",")[0]);
  }
  expect(await hero.getAttribute("src")).toMatch(/^\/_next\/image\?/);
  expect(await hero.getAttribute("fetchpriority")).toBe("high");
  await publicPage.close();

  // Edit: rename and remove the first campus photo.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Edit University: ${name}` })).toBeVisible();
  await expect(page.getByLabel("University Name")).toHaveValue(name);
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveText("New Zealand");
  await expect(page.getByLabel("Ranking", { exact: true })).toHaveValue("321");
  await expect(page.getByLabel("Ranking source")).toHaveValue("QS");
  await expect(page.getByLabel("Ranking year")).toHaveValue("2026");
  await expectLoaded(page.getByRole("img", { name: "Campus image 2 preview" }));
  await expectNoAccessibilityViolations(page);

  await page.getByLabel("University Name").fill(renamed);
  await page.getByRole("button", { name: "Remove campus image 1" }).click();
  await expect(page.getByRole("img", { name: /Campus image \d preview/ })).toHaveCount(1);
  await page.getByRole("button", { name: "Update University" }).click();
  await expect(page.getByText("University updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/universities$/);

  // The removed photo's file stays (another tab's form may still show it and be saved; the uploads
  // sweeper deletes a file no university has used for a day); the public page follows the new name.
  expect((await page.request.get(removedPhotoPath)).status()).toBe(200);
  const slug = `aurora-${word.toLowerCase()}-institute`;
  await page.goto(`/university/${slug}`);
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: /campus photo/ })).toHaveCount(1);
  await expectLoaded(page.getByRole("img", { name: `${renamed} campus photo 1` }));

  // Delete, after a confirmation.
  await page.goto(`/admin/universities?q=${word}`);
  const renamedRow = page.getByRole("row", { name: new RegExp(renamed) });
  await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Are you sure you want to delete ${renamed}?`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete University" }).click();
  await expect(page.getByText("University deleted successfully")).toBeVisible();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(page.getByText("No universities found")).toBeVisible();
  expect((await page.request.get(`/university/${slug}`)).status()).toBe(404);
  // Its files too wait for the sweeper, as edits' do.
  expect((await page.request.get(mainImagePath)).status()).toBe(200);
});

test("the list answers a refused search with the API's message and a bad page number with the 404 page", async ({
  teamAdmin: { page },
}) => {
  expect((await page.goto("/admin/universities?page=0"))?.status()).toBe(404);
  expect((await page.goto("/admin/universities?page=abc"))?.status()).toBe(404);

  await page.goto(`/admin/universities?q=${"x".repeat(201)}`);
  const invalid = page.getByTestId("invalid-query");
  await expect(invalid).toContainText("q must be at most 200 characters");
  await invalid.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(/\/admin\/universities$/);
  await expect(page.getByTestId("universities-count")).toHaveText(/^[\d,]+ universities$/);
});
