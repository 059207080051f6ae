import type { APIRequestContext } from "@playwright/test";
import { programFormBody } from "../support/program-body";
import { expect, test, uniqueWord, universityFormBody } from "./fixtures";

// Public pages are rendered once and served from the cache (lib/cache), yet an admin's
// edit shows on the very next request, and a cached page never holds one visitor's account.

/** GET a page as an anonymous visitor: its status, cache headers and HTML. */
async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { cookie: "" } });
  return {
    status: response.status(),
    cache: response.headers()["x-nextjs-cache"],
    cacheControl: response.headers()["cache-control"],
    setCookie: response.headers()["set-cookie"],
    html: await response.text(),
  };
}

test("a university page is served from the cache, and an admin's edit shows on the next request", async ({
  api,
  request,
  university,
}) => {
  const path = `/university/${university.slug}`;
  // A page rendered within seconds of an edit to it is not kept (it may hold what was read before
  // the edit: lib/cache/incremental-handler.js); the fixture has just created this university.
  await expect.poll(async () => (await fetchPage(request, path)).cache, { timeout: 30_000 }).toBe("HIT");
  const cached = await fetchPage(request, path);
  expect(cached.status).toBe(200);
  expect(cached.cache).toBe("HIT");
  // A CDN may keep it for a minute and refresh it in the background.
  expect(cached.cacheControl).toMatch(/s-maxage=60, stale-while-revalidate=\d+/);
  expect(cached.setCookie).toBeUndefined();

  const description = `${uniqueWord()} is the new description of this university.`;
  const edited = await api.patch(`/api/universities/${university.id}`, {
    data: universityFormBody(university.name, description),
  });
  expect(edited.status()).toBe(200);
  expect((await fetchPage(request, path)).html).toContain(description);

  const programName = `${uniqueWord()} Coastal Engineering`;
  const program = await api.patch(`/api/programs/${university.program.id}`, {
    data: programFormBody(university.id, programName),
  });
  expect(program.status()).toBe(200);
  expect((await fetchPage(request, path)).html).toContain(programName);
});

test("the search shows a new university at once, and an archived one no more", async ({ api, request }) => {
  const word = uniqueWord();
  const search = `/universities/search?q=${word}`;
  expect((await fetchPage(request, search)).html).toContain("No universities match your search");

  const created = await api.post("/api/universities", {
    data: universityFormBody(`${word} Cache University`, ""),
  });
  expect(created.status()).toBe(201);
  const { id, slug } = (await created.json()) as { id: number; slug: string };
  // Its address answered 404 before it existed; it answers now.
  expect((await fetchPage(request, search)).html).toContain(`${word} Cache University`);
  expect((await fetchPage(request, `/university/${slug}`)).status).toBe(200);

  expect((await api.delete(`/api/universities/${id}`)).status()).toBe(204);
  expect((await fetchPage(request, search)).html).toContain("No universities match your search");
  expect((await fetchPage(request, `/university/${slug}`)).status).toBe(404);
});

test("a signed-in visitor sees their account in the header; the cached page an anonymous visitor gets does not", async ({
  student,
  request,
  browser,
}) => {
  const { page, account } = student;
  for (const path of [
    "/",
    "/universities/search?country=US",
    "/university/massachusetts-institute-of-technology",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();

    const anonymous = await fetchPage(request, path);
    expect(anonymous.html).not.toContain(account.fullName);
    expect(anonymous.html).not.toContain(account.username);
  }

  // On a phone the menu names who is signed in.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByText(`Signed in as ${account.fullName}`)).toBeVisible();

  const visitor = await browser.newContext();
  const anonymousPage = await visitor.newPage();
  await anonymousPage.goto("/");
  await expect(anonymousPage.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(anonymousPage.getByText(account.fullName)).toHaveCount(0);
  await visitor.close();
});

test("signing out from a public page puts Sign In back in the header", async ({ student }) => {
  const { page } = student;
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/universities/search");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("unisearch-signed-in");
});

// Whether a search page is a HIT depends on quiet: every university or program edit (other tests
// make many) expires the lists it shows. shared-cache.spec.ts, whose servers share a cache of
// their own, shows a repeated search served from the cache; here, that a search asked again is a
// cached page (ISR: an x-nextjs-cache header) that an edit refreshes at once.
test("a search is rendered for its first request, cached from its second, and a program edit shows at once", async ({
  api,
  request,
  university,
}) => {
  // The university's name begins with a word of its own: a search nobody asked for before.
  const path = `/universities/search?country=NZ&q=${university.name.split(" ")[0]}`;
  // Most searches are asked for once: the first request is rendered for itself (proxy.ts).
  const first = await fetchPage(request, path);
  expect(first.status).toBe(200);
  expect(first.cache).toBeUndefined();
  expect(first.html).toContain(university.name);
  const again = await fetchPage(request, path);
  expect(again.cache).toMatch(/^(HIT|MISS|STALE)$/);
  expect(again.cacheControl).toMatch(/s-maxage=60, stale-while-revalidate=\d+/);
  expect(again.html).toContain(university.name);

  const word = uniqueWord();
  const programs = `/programs?q=${word}`;
  expect((await fetchPage(request, programs)).cache).toBeUndefined();
  const before = await fetchPage(request, programs);
  expect(before.cache).toMatch(/^(HIT|MISS|STALE)$/);
  expect(before.html).toContain("No programs match");
  const renamed = await api.patch(`/api/programs/${university.program.id}`, {
    data: programFormBody(university.id, `${word} Tidal Energy`),
  });
  expect(renamed.status()).toBe(200);
  expect((await fetchPage(request, programs)).html).toContain(`${word} Tidal Energy`);
});

test("a cached search page shows its filters in the HTML and hydrates without errors", async ({
  page,
  request,
}) => {
  const path = "/programs?country=JP&level=PhD";
  // Asked for before, it is rendered (and cached) from the search in its route's address, not from
  // the request's query string.
  await fetchPage(request, path);
  expect((await fetchPage(request, path)).cache).toMatch(/^(HIT|MISS|STALE)$/);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(path);
  await expect(page.getByLabel("Country", { exact: true })).toHaveText("Japan");
  await expect(page.getByLabel("Study Level", { exact: true })).toHaveText("PhD");
  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(page).toHaveURL(/\/programs$/);
  await expect(page.getByLabel("Country", { exact: true })).not.toHaveText("Japan");
  expect(errors).toEqual([]);
});
