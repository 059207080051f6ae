import fc from "fast-check";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  encodeSegment,
  HOSTILE_SEED,
  hostileId,
  hostileKey,
  hostileString,
  hostileUrlText,
} from "../support/hostile";
import { UNSTORABLE_TEXT } from "../../lib/validation/storable-text";
import { deleteUniversity, expect, test, uniqueWord } from "./fixtures";

// The hostile-input corpus on the pages: generated URLs for every page route with parameters (segments, query
// strings) must answer below 500, and a 4xx must be the 404 page (or a page of the 400 range),
// never a framework error; and text a hostile user stored (a university's name, a program's, an
// application's statement) must render as text on every page that shows it: no dialog opens and
// no injected script runs. The values come from tests/support/hostile.ts with a fixed seed
// (HOSTILE_SEED); the API side of the same corpus is tests/security (npm run test:security).
// Besides the random draws, a sweep sends every class of hostile URL text (NUL and control
// characters, overlong and invalid escapes, encoded lone surrogates, cut-short escapes, over-long
// values) in every segment and every query key, alone and beside valid filters: a list page must
// refuse NUL with route()'s message, and a broken segment is the 404 page.

const NOT_FOUND_HEADING = "404 Page Not Found";
const URLS_PER_PAGE = Number(process.env.HOSTILE_PAGE_RUNS ?? 20);

type Audience = "anonymous" | "student" | "admin";

interface PageRoute {
  name: string;
  /** Who asks: pages behind sign-in are also asked by someone they let in. */
  as: Audience;
  url: fc.Arbitrary<string>;
}

/** A page with one dynamic segment: `path` with {} in its place. */
interface SegmentPage {
  name: string;
  as: Audience;
  path: string;
  /** Hostile values of the segment (text, encoded when sent) besides the URL text of the sweep. */
  hostile: fc.Arbitrary<string>;
  /** Real values (the page shows them). */
  real: string[];
  /** Whether a segment it cannot use is its 404 page (else any page below 500). */
  notFound: boolean;
}

/** A page that reads query keys. */
interface QueryPage {
  name: string;
  as: Audience;
  path: string;
  keys: string[];
  /** Values of some keys that the page accepts: the filters hostile values go beside. */
  valid?: Record<string, string>;
  /** Whether it reads its keys through a list query (lib/list-query.ts): NUL gets route()'s message. */
  list?: boolean;
}

/** A query value: hostile text (encoded when sent), URL text as written, or an out-of-range number. */
const queryValue = fc.oneof(
  hostileString.filter((s) => s.length < 3000).map(encodeSegment),
  hostileUrlText(),
  fc.constantFrom("-1", "0", "1.5", "abc", "99999999999", "1e400", "2147483648", "all", ""),
);

/** A query string of some of `keys` (and page), each a hostile value, sometimes beside valid filters. */
function queryOf(keys: string[], valid: Record<string, string> = {}): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.dictionary(fc.constantFrom(...keys, "page"), queryValue, { minKeys: 1, maxKeys: 4 }),
      fc.boolean(),
    )
    .map(([query, beside]) =>
      Object.entries({ ...(beside ? valid : {}), ...query })
        .map(([k, v]) => `${k}=${v}`)
        .join("&"),
    );
}

function pages(real: { slug: string; universityId: number; programId: number }) {
  const id = (realIds: number[]) =>
    fc.oneof(
      { weight: 4, arbitrary: hostileId },
      { weight: 1, arbitrary: fc.constantFrom(...realIds.map(String), "2147483647") },
    );
  const segmentPages: SegmentPage[] = [
    {
      name: "/university/[slug]",
      as: "anonymous",
      path: "/university/{}",
      hostile: hostileKey,
      real: [real.slug],
      notFound: true,
    },
    {
      name: "/resources/[guide]",
      as: "anonymous",
      path: "/resources/{}",
      hostile: hostileKey,
      real: ["personal-statement"],
      notFound: true,
    },
    ...(["student", "anonymous"] as const).map((as) => ({
      name: `/apply/[programId]${as === "anonymous" ? " (signed out)" : ""}`,
      as,
      path: "/apply/{}",
      hostile: id([real.programId]),
      real: [String(real.programId)],
      notFound: as === "student",
    })),
    // A referee's link: a token that names no request is a page saying the link does not work.
    {
      name: "/reference/[token]",
      as: "anonymous",
      path: "/reference/{}",
      hostile: hostileKey,
      real: ["A".repeat(43)],
      notFound: false,
    },
    {
      name: "/admin/universities/[id]/edit",
      as: "admin",
      path: "/admin/universities/{}/edit",
      hostile: id([real.universityId]),
      real: [String(real.universityId)],
      notFound: true,
    },
    {
      name: "/admin/programs/[id]/edit",
      as: "admin",
      path: "/admin/programs/{}/edit",
      hostile: id([real.programId]),
      real: [String(real.programId)],
      notFound: true,
    },
    {
      name: "/admin/scholarships/[id]/edit",
      as: "admin",
      path: "/admin/scholarships/{}/edit",
      hostile: id([]),
      real: [],
      notFound: true,
    },
    {
      name: "/admin/applications/[id]",
      as: "admin",
      path: "/admin/applications/{}",
      hostile: id([]),
      real: [],
      notFound: true,
    },
    // The cached search routes proxy.ts rewrites to; a segment that is no search is the empty one.
    ...["/universities/search", "/programs", "/scholarships"].map((search) => ({
      name: `${search}/q/[query]`,
      as: "anonymous" as const,
      path: `${search}/q/{}`,
      hostile: hostileKey,
      real: ["-", "Y291bnRyeT1mcg"],
      notFound: false,
    })),
  ];
  const queryPages: QueryPage[] = [
    {
      name: "/universities/search",
      as: "anonymous",
      path: "/universities/search",
      keys: ["country", "level", "field", "q", "cost", "sort"],
      valid: { country: "fr", sort: "name", q: "university" },
      list: true,
    },
    {
      name: "/programs",
      as: "anonymous",
      path: "/programs",
      keys: ["q", "country", "level", "field", "degree", "duration", "cost", "from", "open", "sort"],
      valid: { open: "true", sort: "name", level: "Master%27s" },
      list: true,
    },
    {
      name: "/scholarships",
      as: "anonymous",
      path: "/scholarships",
      keys: ["q", "country", "university", "level", "field", "nationality", "grade", "open", "sort"],
      valid: { open: "true", sort: "name", nationality: "ke" },
      list: true,
    },
    { name: "/admin/scholarships", as: "admin", path: "/admin/scholarships", keys: ["q"], list: true },
    {
      name: "/admin/applications",
      as: "admin",
      path: "/admin/applications",
      keys: ["q", "status"],
      valid: { status: "all", q: "smith" },
      list: true,
    },
    {
      name: "/admin/users",
      as: "admin",
      path: "/admin/users",
      keys: ["q", "role"],
      valid: { role: "admin" },
      list: true,
    },
    {
      name: "/admin/programs",
      as: "admin",
      path: "/admin/programs",
      keys: ["q", "level"],
      valid: { level: "PhD" },
      list: true,
    },
    { name: "/admin/universities", as: "admin", path: "/admin/universities", keys: ["q"], list: true },
    {
      name: "/admin/audit",
      as: "admin",
      path: "/admin/audit",
      keys: ["q", "entityType"],
      valid: { entityType: "all" },
      list: true,
    },
    { name: "/admin/messages", as: "admin", path: "/admin/messages", keys: ["q"], list: true },
    { name: "/user/applications", as: "student", path: "/user/applications", keys: [], list: true },
    { name: "/admin/settings", as: "admin", path: "/admin/settings", keys: ["tab"] },
    { name: "/auth", as: "anonymous", path: "/auth", keys: ["callbackUrl", "error", "tab"] },
    { name: "/auth/reset-password", as: "anonymous", path: "/auth/reset-password", keys: ["token"] },
    { name: "/auth/forgot-password", as: "anonymous", path: "/auth/forgot-password", keys: ["email"] },
    { name: "/verify-email", as: "anonymous", path: "/verify-email", keys: ["token"] },
    { name: "/reminders/unsubscribe", as: "anonymous", path: "/reminders/unsubscribe", keys: ["token"] },
    { name: "/searches/unsubscribe", as: "anonymous", path: "/searches/unsubscribe", keys: ["token"] },
    {
      name: "/user/searches/new",
      as: "student",
      path: "/user/searches/new",
      keys: ["kind", "query"],
      valid: { kind: "programs" },
    },
    { name: "/user/searches", as: "student", path: "/user/searches", keys: ["saved"] },
    { name: "/compare", as: "anonymous", path: "/compare", keys: ["ids"], valid: { ids: "1,2" } },
    { name: "/user/profile", as: "student", path: "/user/profile", keys: ["google"] },
  ];
  return { segmentPages, queryPages };
}

/** The random URLs of each page: its segment or query keys drawn from the hostile values. */
function pageRoutes(real: { slug: string; universityId: number; programId: number }): PageRoute[] {
  const { segmentPages, queryPages } = pages(real);
  const bySegment = segmentPages.map(({ name, as, path, hostile, real: values }) => ({
    name,
    as,
    url: fc
      .oneof(
        { weight: 3, arbitrary: hostile.map(encodeSegment) },
        { weight: 1, arbitrary: hostileUrlText(values) },
        ...(values.length ? [{ weight: 1, arbitrary: fc.constantFrom(...values) }] : []),
      )
      .map((segment) => path.replace("{}", segment)),
  }));
  const byQuery = queryPages.map(({ name, as, path, keys, valid }) => ({
    name,
    as,
    url: queryOf(keys, valid).map((query) => `${path}?${query}`),
  }));
  const redirects: PageRoute = {
    name: "/auth (redirect targets)",
    as: "anonymous",
    url: fc
      .constantFrom(
        "//evil.example",
        "https://evil.example/x",
        "javascript:alert(1)",
        "/\\evil.example",
        "%2F%2Fevil",
      )
      .map((v) => `/auth?callbackUrl=${encodeSegment(v)}`),
  };
  return [...bySegment, ...byQuery, redirects];
}

/** Every class of hostile URL text, as written in the URL (one value each: the sweep is exhaustive). */
const SWEEP_CLASSES: Record<string, string> = {
  NUL: "%00",
  "NUL inside text": "law%00",
  "the issue's mix (emoji, NUL, quotes, <)": "%F0%9F%98%80%00%27%22%3C",
  "control characters": "%01%1B%5B31m%7F%0D%0A",
  "overlong escape": "%C0%AF",
  "overlong escape, 3 bytes": "%E0%80%AF",
  "invalid byte": "%FF",
  "encoded lone surrogate": "%ED%A0%80",
  "truncated escape": "%E2%82",
  "stray %": "100%",
  "over-long value": "y".repeat(3000),
  "over-long broken text": "%C0%AF".repeat(300),
};
/** The classes that decode to text PostgreSQL cannot store. */
const HOLDS_NUL = new Set(["NUL", "NUL inside text", "the issue's mix (emoji, NUL, quotes, <)"]);

interface SweepUrl {
  url: string;
  as: Audience;
  /** What the answer must be besides below 500: the 404 page, or a list's storable message. */
  expect: "any" | "notFound" | "unstorable";
}

function sweepUrls(real: { slug: string; universityId: number; programId: number }): SweepUrl[] {
  const { segmentPages, queryPages } = pages(real);
  const urls: SweepUrl[] = [];
  for (const page of segmentPages)
    for (const [, text] of Object.entries(SWEEP_CLASSES))
      urls.push({
        url: page.path.replace("{}", text),
        as: page.as,
        expect: page.notFound ? "notFound" : "any",
      });
  for (const page of queryPages)
    for (const key of [...page.keys, "page"])
      for (const [name, text] of Object.entries(SWEEP_CLASSES))
        for (const beside of page.valid && key !== "page" ? [{}, page.valid] : [{}]) {
          const query = Object.entries({ ...beside, [key]: text })
            .map(([k, v]) => `${k}=${v}`)
            .join("&");
          urls.push({
            url: `${page.path}?${query}`,
            as: page.as,
            // A page number the API could not serve is the 404 page.
            expect:
              page.list && key === "page"
                ? "notFound"
                : page.list && HOLDS_NUL.has(name)
                  ? "unstorable"
                  : "any",
          });
        }
  return urls;
}

/** What is wrong with a page's answer, or null. */
async function pageProblem(
  status: number,
  body: () => Promise<string>,
  wanted: SweepUrl["expect"] = "any",
): Promise<string | null> {
  if (status >= 500) return `status ${status}`;
  if (status >= 300 && status < 400) return null;
  const html = await body();
  // Every page carries the 404 page in its router payload: the title says which one was shown.
  const notFoundPage = html.includes(`<title>${NOT_FOUND_HEADING}`);
  if (wanted === "notFound" && !(status === 404 && notFoundPage)) return `status ${status}, not the 404 page`;
  if (wanted === "unstorable" && !(status === 200 && html.includes(UNSTORABLE_TEXT)))
    return `status ${status} without the message for text that cannot be stored`;
  // A page that streams before it finds nothing can no longer change its status: a 200 "soft 404".
  if (status < 300) return notFoundPage ? "the 404 page with status 200" : null;
  if (status === 404) return notFoundPage ? null : "a 404 that is not the 404 page";
  // Another 4xx: a page of ours (the html frame), not a bare framework answer.
  return /<html[\s>]/i.test(html) ? null : `a ${status} that is not a page: ${html.slice(0, 80)}`;
}

/** Requests each URL (a few at a time: the server is one process on a small machine). */
async function requestAll(
  contexts: Record<Audience, APIRequestContext>,
  urls: SweepUrl[],
  failures: string[],
): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  for (let i = 0; i < urls.length; i += 4) {
    await Promise.all(
      urls.slice(i, i + 4).map(async ({ url, as, expect: wanted }) => {
        try {
          const response = await contexts[as].get(url, { maxRedirects: 0, timeout: 15_000 });
          statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
          if (process.env.HOSTILE_VERBOSE === "1")
            console.log(`${response.status()} ${as} ${url.slice(0, 160)}`);
          const problem = await pageProblem(response.status(), () => response.text(), wanted);
          if (problem) failures.push(`GET ${url.slice(0, 200)} as ${as}: ${problem}`);
        } catch (error) {
          failures.push(`GET ${url.slice(0, 200)} as ${as}: ${String(error).slice(0, 200)}`);
        }
      }),
    );
  }
  return statuses;
}

const summaryLine = (name: string, count: number, statuses: Map<number, number>) =>
  `  ${name.padEnd(36)} ${String(count).padStart(4)} URLs  ${[...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(" ")}`;

/** Who asks for the URLs: a visitor, the test's student and the worker's super admin. */
const audiences = (
  anonymous: APIRequestContext,
  student: APIRequestContext,
  admin: APIRequestContext,
): Record<Audience, APIRequestContext> => ({ anonymous, student, admin });

/** The rows whose ids and slug the generated URLs use. */
const rowsOf = (university: { id: number; slug: string; program: { id: number } }) => ({
  slug: university.slug,
  universityId: university.id,
  programId: university.program.id,
});

test.describe.configure({ timeout: 600_000 });

test("generated URLs for every page with parameters answer below 500; a 4xx is the 404 page", async ({
  request,
  api,
  student,
  university,
}) => {
  const contexts = audiences(request, student.page.request, api);
  const routes = pageRoutes(rowsOf(university));
  const failures: string[] = [];
  const counts: string[] = [];
  let total = 0;
  for (const [index, route] of routes.entries()) {
    const urls = fc.sample(route.url, { seed: HOSTILE_SEED + index, numRuns: URLS_PER_PAGE });
    const statuses = await requestAll(
      contexts,
      urls.map((url) => ({ url, as: route.as, expect: "any" as const })),
      failures,
    );
    total += urls.length;
    counts.push(summaryLine(route.name, urls.length, statuses));
  }
  console.log(
    `Hostile page URLs (seed ${HOSTILE_SEED}):\n${counts.join("\n")}\n  total: ${total} URLs, ${failures.length} failures`,
  );
  expect(total).toBeGreaterThanOrEqual(400);
  expect(failures).toEqual([]);
});

test("every class of hostile URL text in every segment and query key: below 500, the right 4xx", async ({
  request,
  api,
  student,
  university,
}) => {
  const contexts = audiences(request, student.page.request, api);
  const urls = sweepUrls(rowsOf(university));
  const failures: string[] = [];
  const statuses = await requestAll(contexts, urls, failures);
  console.log(`Hostile page URL sweep:\n${summaryLine("every page", urls.length, statuses)}`);
  // The cases of the issue, among them.
  for (const url of ["/universities/search?q=%00", "/programs?q=%00", "/university/%C0%AF"])
    expect(urls.map((u) => u.url)).toContain(url);
  expect(urls.map((u) => u.url)).toContain("/universities/search?q=%F0%9F%98%80%00%27%22%3C");
  expect(failures).toEqual([]);
  // A search asked for again goes through proxy.ts's rewrite to its cached route: the same answer.
  for (const url of ["/universities/search?q=%00", "/programs?q=%00", "/programs?level=x%00&open=true"])
    for (const time of [1, 2, 3]) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect([url, time, response.status()]).toEqual([url, time, 200]);
      expect(await response.text(), `${url}, request ${time}`).toContain(UNSTORABLE_TEXT);
    }
});

// ---- stored scripts render inert ----

/** Each payload sets a flag or opens a dialog if it ever runs. */
const payload = (n: number) =>
  `<img src=x onerror="window.__xss=${n};alert(${n})"><script>window.__xss=${n};alert(${n})</script>`;

/** Opens the page, records any dialog, and checks that nothing injected ran. */
async function expectInert(page: Page, url: string, visibleText: string | null) {
  const dialogs: string[] = [];
  const onDialog = (dialog: import("@playwright/test").Dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", onDialog);
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(400);
  // The stored text is shown, as text (edit pages hold it in their inputs).
  if (visibleText) await expect(page.getByText(visibleText, { exact: false }).first()).toBeVisible();
  // Every image has failed and every script has run by the load event; a moment more for hydration.
  await page.waitForLoadState("load");
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(() => (window as { __xss?: number }).__xss),
    `a script ran on ${url}`,
  ).toBeUndefined();
  expect(dialogs, `a dialog opened on ${url}`).toEqual([]);
  page.off("dialog", onDialog);
}

test("script stored in a university, a program and an application renders inert on every page that shows it", async ({
  api,
  browser,
  student,
  superAdmin,
}) => {
  const word = uniqueWord();
  const universityName = `Xss ${word} ${payload(1)}`;
  const created = await api.post("/api/universities", {
    data: { name: universityName, country: "New Zealand", description: `About ${payload(2)}`, ranking: null },
  });
  expect(created.status(), "creating the university").toBe(201);
  const university = (await created.json()) as { id: number; slug: string };
  const deadline = new Date(Date.now() + 60 * 86_400_000);
  deadline.setUTCHours(0, 0, 0, 0);
  const programName = `Xss ${word} Studies ${payload(3)}`;
  const program = await api.post("/api/programs", {
    data: {
      name: programName,
      universityId: university.id,
      level: "Master's",
      field: "Business",
      degree: "MSc",
      duration: 2,
      tuition: "12,000.00",
      deadline: deadline.toISOString(),
      description: `Description ${payload(4)}`,
    },
  });
  expect(program.status(), "creating the program").toBe(201);
  const programId = ((await program.json()) as { id: number }).id;
  const statement = `My statement ${payload(5)} `.padEnd(600, "and more words ");
  const application = await student.page.request.post("/api/applications", {
    data: {
      programId,
      personalStatement: statement,
      academicHistory: { institution: payload(6), degree: "Diploma", gpa: "3.9", graduationYear: 2023 },
    },
  });
  expect(application.status(), "applying").toBe(201);
  const applicationId = ((await application.json()) as { id: number }).id;

  try {
    const anonymous = await browser.newPage();
    // The markup shows as the text it is.
    await expectInert(anonymous, `/university/${university.slug}`, "<script>window.__xss=1");
    await expectInert(
      anonymous,
      `/universities/search?q=${encodeURIComponent(`Xss ${word}`)}`,
      `Xss ${word}`,
    );
    await anonymous.close();

    await expectInert(student.page, "/user/applications", `Xss ${word} Studies`);

    const admin = superAdmin.page;
    await expectInert(admin, `/admin/universities?q=${encodeURIComponent(`Xss ${word}`)}`, `Xss ${word}`);
    await expectInert(admin, `/admin/universities/${university.id}/edit`, null);
    await expectInert(admin, `/admin/programs?q=${encodeURIComponent(`Xss ${word}`)}`, `Xss ${word} Studies`);
    await expectInert(admin, `/admin/programs/${programId}/edit`, null);
    await expectInert(admin, `/admin/applications?q=${encodeURIComponent(`Xss ${word}`)}`, `Xss ${word}`);
    await expectInert(admin, `/admin/applications/${applicationId}`, "My statement <img src=x");
  } finally {
    // A student applied to it: it is archived, not deleted; the fixture's helper knows.
    await deleteUniversity(api, university.id);
  }
});
