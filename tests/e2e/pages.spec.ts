import { expectNoAccessibilityViolations } from "./axe";
import { expect, test, uniqueWord } from "./fixtures";
import { GUIDES } from "@/lib/resources/guides";
import { CONTENT_PATHS } from "@/lib/resources/pages";

// Pages behind every link: every header and footer link answers 200, the content pages
// pass axe and carry their metadata, the footer's service links reach the matching guide, and the
// contact form works with and without JavaScript and reaches the admins' list.

test("every link of the header and the footer answers 200", async ({ page }) => {
  await page.goto("/");
  const hrefs = await page
    .locator("header nav a, footer nav a")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const paths = [...new Set(hrefs)].filter((href) => href.startsWith("/"));
  expect(paths).toEqual(expect.arrayContaining(["/resources", "/about", "/contact", "/privacy", "/terms"]));
  for (const path of paths) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
  }
});

test("the footer's service links lead to the university search and the matching guides", async ({ page }) => {
  const expected: Record<string, RegExp> = {
    "University Search": /\/universities\/search$/,
    "Application Guidance": /\/resources\/application-checklist$/,
    "Career Counseling": /\/resources\/choosing-a-program$/,
    "Visa Assistance": /\/resources\/visas-and-costs$/,
    "Test Preparation": /\/resources\/admission-tests$/,
  };
  for (const [label, target] of Object.entries(expected)) {
    await page.goto("/about");
    await page.getByRole("navigation", { name: "Services" }).getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(target);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

for (const path of CONTENT_PATHS) {
  test(`${path} has a title, a description and a canonical link, and passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\w{3,}/);
    expect(await page.title()).not.toBe("");
    await expectNoAccessibilityViolations(page);
  });
}

test("the resources page lists every guide", async ({ page }) => {
  await page.goto("/resources");
  for (const guide of GUIDES) {
    await page.getByRole("link", { name: new RegExp(guide.title) }).click();
    await expect(page.getByRole("heading", { level: 1, name: guide.title })).toBeVisible();
    await page.goBack();
  }
  const missing = await page.goto("/resources/no-such-guide");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
});

test("the favicon, the app icons and the manifest are served and announced", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveCount(1);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  for (const path of ["/favicon.ico", "/icon.svg", "/apple-icon.png"]) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }
  const manifest = await page.request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(await manifest.json()).toMatchObject({ theme_color: "#1d4ed8", start_url: "/" });
});

test("the university page says when its information last changed and links to the official website", async ({
  page,
  university,
}) => {
  await page.goto(`/university/${university.slug}`);
  const note = page.getByRole("note").filter({ hasText: "last updated on" });
  await expect(note).toContainText("Information on this university and its programs last updated on");
  await expect(note).toContainText("always check the official school website before you apply");
});

test.describe("the contact form", () => {
  test("sends a message with JavaScript; admins read it under Messages", async ({ page, teamAdmin }) => {
    const subject = `Question ${uniqueWord()}`;
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Your name").fill("Ada Lovelace");
    await form.getByLabel("Email").fill("ada@example.test");
    await form.getByLabel("Subject").fill(subject);
    // Too short first: the schema's message, on the field, before anything is sent.
    await form.getByLabel("Message").fill("Hello");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Message must be at least 10 characters")).toBeVisible();
    await form.getByLabel("Message").fill("Is the MSc in Physics taught in English?");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);

    await teamAdmin.page.goto("/admin/messages");
    await teamAdmin.page.getByRole("searchbox", { name: "Search" }).fill(subject);
    await expect(teamAdmin.page.getByRole("row").filter({ hasText: subject })).toContainText(
      "Is the MSc in Physics taught in English?",
    );
    await expectNoAccessibilityViolations(teamAdmin.page);

    // Once dealt with, it is deleted.
    await teamAdmin.page.getByRole("button", { name: "Delete the message from Ada Lovelace" }).click();
    await teamAdmin.page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Delete", exact: true })
      .click();
    await expect(teamAdmin.page.getByRole("row").filter({ hasText: subject })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("posts, shows the field messages with what was typed, then the confirmation", async ({ page }) => {
      const subject = `No-script question ${uniqueWord()}`;
      await page.goto("/contact");
      const form = page.getByRole("form", { name: "Contact form" });
      await expect(form).toHaveAttribute("method", /^post$/i);
      await form.getByLabel("Your name").fill("Grace Hopper");
      await form.getByLabel("Email").fill("not an address");
      await form.getByLabel("Subject").fill(subject);
      await form.getByLabel("Message").fill("Which documents does the application need?");
      await form.getByRole("button", { name: "Send message" }).click();
      await expect(form.getByText("Enter a valid email address")).toBeVisible();
      await expect(form.getByLabel("Subject")).toHaveValue(subject);
      await expect(form.getByLabel("Message")).toHaveValue("Which documents does the application need?");

      await form.getByLabel("Email").fill("grace@example.test");
      await form.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Send another message" })).toBeVisible();
    });
  });
});
