import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolations } from "./axe";

test("the home page greets visitors", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Your Journey to Global Education" }),
  ).toBeVisible();
  await expect(page.getByText("Search and apply to top universities.")).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test("an unknown path shows the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Go back home" }).click();
  await expect(page).toHaveURL("/");
});

test("the country list is served from the seeded embedded database", async ({ request }) => {
  const response = await request.get("/api/countries");
  expect(response.status()).toBe(200);
  const countries = await response.json();
  expect(countries).toContainEqual({ code: "DE", name: "Germany" });
});

test("the footer has every link group, the contact placeholders and this year's copyright", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(
    "Your Journey to Global Education. Search and apply to top universities of your choice.",
  );
  for (const name of [
    "Privacy Policy",
    "Terms of Service",
    "Cookie Policy",
    "Visa Assistance",
    "Test Preparation",
    "Contact",
  ]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
});
