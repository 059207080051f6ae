import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";

// The public pages settle: once loaded and scrolled to the end (every link in view, so the router
// prefetches them all), no request stays open and the network goes idle. A prefetch of a link
// whose address redirects followed the redirect without the router's headers, so it asked for
// the whole page (a search: rendered, then cut off by the router), and such a request could
// keep the page from ever reaching network idle. No prefetch may go through a redirect.

/** The requests the page has sent that have neither finished nor failed, and those redirected. */
function trackRequests(page: Page) {
  const open = new Set<Request>();
  const redirected: string[] = [];
  page.on("request", (request) => {
    open.add(request);
    const from = request.redirectedFrom();
    if (from && !request.isNavigationRequest()) redirected.push(`${from.url()} -> ${request.url()}`);
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  return { open: () => [...open].map((request) => request.url()), redirected };
}

async function expectToSettle(page: Page, path: string) {
  const requests = trackRequests(page);
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(requests.open, { message: `requests left open on ${path}`, timeout: 15_000 }).toEqual([]);
  await page.waitForLoadState("networkidle", { timeout: 15_000 });
  expect(requests.redirected, `requests of ${path} that were redirected`).toEqual([]);
}

test("home, the searches and a university page leave no request open", async ({ page, university }) => {
  for (const path of ["/", "/universities/search", "/programs", `/university/${university.slug}`]) {
    await expectToSettle(page, path);
  }
});
