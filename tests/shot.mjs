import { chromium } from "@playwright/test";
const pages = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto("http://127.0.0.1:3601/auth");
await page.getByLabel("Username").fill("admin");
await page.getByLabel("Password", { exact: true }).fill("Admin#2026");
await page.getByRole("button", { name: /sign in|login/i }).first().click();
await page.waitForURL("**/admin/dash");
for (const spec of pages) {
  const [path, out] = spec.split("|");
  await page.goto("http://127.0.0.1:3601" + path);
  await page.waitForTimeout(1200);
  await page.screenshot({ path: out });
}
await browser.close();
