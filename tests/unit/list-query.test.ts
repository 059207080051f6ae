import { z } from "@/lib/validation/zod";
import {
  adminListParsers,
  programSearchKeys,
  programSearchParsers,
  SEARCH_MAX,
  searchKey,
  universitySearchKeys,
  universitySearchParsers,
} from "@/lib/list-keys";
import type { ListQuery } from "@/lib/list-query";
import { programSearchQuery } from "@/lib/programs/search-params";
import { OFFSET_MAX } from "@/lib/paging";
import { adminUniversitiesQuery, universitySearchQuery } from "@/lib/universities/search-params";
import { applicationsListQuery, applicationsListQuerySchema } from "@/lib/validation/application";
import { programsListQuery, programsListQuerySchema } from "@/lib/validation/program";
import { universitySearchQuerySchema } from "@/lib/validation/university-search";
import { usersListQuery, usersListQuerySchema } from "@/lib/validation/users";
import { auditListQuery, auditListQuerySchema } from "@/lib/validation/audit";
import { contactListQuery, contactListQuerySchema } from "@/lib/validation/contact";
import { UNSTORABLE_TEXT } from "@/lib/validation/storable-text";

// Each list's keys are defined once (lib/list-keys.ts); lib/list-query.ts makes the page's parse
// (load(), the nuqs parsers) and the API's zod schema of them, which must agree on defaults,
// limits and messages.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyList = ListQuery<any>;

/** The API's answer to a query string: the filters the list's page reads, or its 400's message. */
function api(list: AnyList, schema: z.ZodType, input: Record<string, string>) {
  const result = schema.safeParse(input);
  if (!result.success) return { message: result.error.issues[0]!.message };
  const data = result.data as Record<string, unknown>;
  return { query: Object.fromEntries(Object.keys(list.keys).map((key) => [key, data[key]])) };
}

/** The page's answer: the same filters, or the message it shows instead of the results. */
async function page(list: AnyList, input: Record<string, string>) {
  const loaded = await list.load(input, "/list");
  return loaded.ok ? { query: loaded.query } : { message: loaded.message };
}

/** Whether the page answered the 404 page (next/navigation's notFound()). */
async function isNotFound(list: AnyList, input: Record<string, string>) {
  try {
    await list.load(input, "/list");
    return false;
  } catch (error) {
    return String((error as { digest?: string }).digest).includes("404");
  }
}

const LISTS: [string, AnyList, z.ZodType, Record<string, string>[]][] = [
  [
    "public university search",
    universitySearchQuery,
    universitySearchQuerySchema,
    [
      { country: "France" },
      { country: "fr", level: "Diploma" },
      { field: "Cooking" },
      { cost: "100001" },
      { cost: "-1" },
      { cost: "1.5" },
      { cost: "cheap" },
      { sort: "random" },
      { country: "JP", level: "PhD", field: "Medicine", cost: "20000", sort: "name", q: " tokyo " },
    ],
  ],
  ["admin universities", adminUniversitiesQuery, universitySearchQuerySchema, [{ q: "oxford" }]],
  [
    "admin programs",
    programsListQuery,
    programsListQuerySchema,
    [{ level: "x".repeat(101) }, { level: "Master's", q: "law" }, { level: "all" }, { level: "" }],
  ],
  [
    "admin users",
    usersListQuery,
    usersListQuerySchema,
    [{ role: "students" }, { role: "admin", q: "  ada " }, { role: "" }],
  ],
  [
    "applications (admin and My Applications)",
    applicationsListQuery,
    applicationsListQuerySchema,
    [
      { status: "lost" },
      { status: "in-review", q: "smith" },
      { requests: "waiting" },
      { requests: "answered" },
    ],
  ],
];

describe.each(LISTS)("%s", (_name, list, schema, cases) => {
  const searchCases: Record<string, string>[] = [
    {},
    { q: "" },
    { q: "   " },
    { q: "x".repeat(SEARCH_MAX) },
    { q: "x".repeat(300) },
  ];

  test.each([...searchCases, ...cases])("the page and the API read %j alike", async (input) => {
    expect(await page(list, input)).toEqual(api(list, schema, input));
  });

  test("a search longer than the API takes gives the API's message, not a shorter search", async () => {
    const input = { q: "a".repeat(300) };
    expect(await page(list, input)).toEqual({ message: `q must be at most ${SEARCH_MAX} characters` });
    expect(api(list, schema, input)).toEqual({ message: `q must be at most ${SEARCH_MAX} characters` });
    // The filters' nuqs parser (the search box) takes only what the API takes.
    expect(list.parsers.q.parse("a".repeat(300))).toBeNull();
    expect(list.parsers.q.parse(" a ")).toBe(" a ");
  });

  test("the page's defaults are the API's: an absent key means the same filter", async () => {
    const loaded = await list.load({}, "/list");
    expect(loaded).toMatchObject({ ok: true, page: 1, offset: 0, limit: 20 });
    if (!loaded.ok) return;
    expect(loaded.query).toEqual(api(list, schema, {}).query);
    for (const [key, parser] of Object.entries(list.parsers) as [string, { defaultValue: unknown }][]) {
      expect(loaded.values[key]).toEqual(parser.defaultValue);
    }
    expect(loaded.hrefFor(1)).toBe("/list");
  });

  test("page numbers map to offsets the API takes, and only those", async () => {
    const { pageSize, pageMax } = list;
    expect((pageMax - 1) * pageSize).toBeLessThanOrEqual(OFFSET_MAX);
    expect(pageMax * pageSize).toBeGreaterThan(OFFSET_MAX);
    const lastOffset = String((pageMax - 1) * pageSize);
    expect(schema.safeParse({ offset: lastOffset }).success).toBe(true);
    expect(schema.safeParse({ offset: String(pageMax * pageSize) }).success).toBe(false);

    await expect(list.load({ page: String(pageMax) }, "/list")).resolves.toMatchObject({
      ok: true,
      page: pageMax,
      offset: (pageMax - 1) * pageSize,
    });
    await expect(list.load({ page: "3" }, "/list")).resolves.toMatchObject({ page: 3, offset: 2 * pageSize });
    for (const bad of ["99999999999999999999", String(pageMax + 1), "0", "-2", "1.5", "abc"]) {
      expect(await isNotFound(list, { page: bad })).toBe(true);
    }
  });

  test("links keep the filters and name the page; the first page is left out", async () => {
    const loaded = await list.load({ q: "law", page: "2" }, "/list");
    if (!loaded.ok) throw new Error(loaded.message);
    expect(loaded.hrefFor(3)).toBe("/list?q=law&page=3");
    expect(loaded.hrefFor(1)).toBe("/list?q=law");
  });
});

test("each key's last value counts, as in the API (URLSearchParams)", async () => {
  const loaded = await usersListQuery.load({ role: ["user", "admin"], page: ["9", "2"] }, "/list");
  expect(loaded).toMatchObject({ ok: true, page: 2, query: { role: "admin" } });
});

test("My Applications reads only ?page= of the applications query", async () => {
  const mine = applicationsListQuery.pick();
  expect(await mine.load({ status: "lost", page: "2" }, "/user/applications")).toMatchObject({
    ok: true,
    page: 2,
    offset: 20,
  });
  expect(await isNotFound(mine, { page: "99999999999999999999" })).toBe(true);
});

test("the API schemas keep their names and output shapes", () => {
  expect(usersListQuerySchema.parse({})).toEqual({ role: "all", limit: 50, offset: 0 });
  // The workspace's keys too: a tab and an order always, the other filters when given.
  expect(applicationsListQuerySchema.parse({ q: " x " })).toEqual({
    status: "all",
    requests: "all",
    q: "x",
    tab: "all",
    order: "urgency",
    limit: 50,
    offset: 0,
  });
  expect(
    applicationsListQuerySchema.parse({
      assignee: "me",
      university: "7",
      overdue: "TRUE",
      from: "2026-11-01",
    }),
  ).toMatchObject({
    assignee: "me",
    university: 7,
    overdue: true,
    from: "2026-11-01",
  });
  expect(programsListQuerySchema.parse({ universityId: "7", level: "PhD" })).toEqual({
    universityId: 7,
    level: "PhD",
    limit: 50,
    offset: 0,
  });
  expect(universitySearchQuerySchema.parse({ cost: "5000" })).toEqual({
    cost: 5000,
    sort: "ranking",
    limit: 50,
    offset: 0,
  });
});

test("the search page's filter values as the page holds them", async () => {
  const loaded = await universitySearchQuery.load({ country: "jp", cost: "20000", q: " tokyo " }, "/s");
  expect(loaded).toMatchObject({
    ok: true,
    values: {
      country: "jp",
      level: "all",
      field: "all",
      q: " tokyo ",
      cost: 20000,
      sort: "ranking",
      page: 1,
    },
    query: { country: "jp", q: "tokyo", cost: 20000, sort: "ranking" },
  });
});

// NUL and a surrogate without its pair: text PostgreSQL cannot store or compare. A search for it
// failed the page's query (a 500) where the API answered 400 (route()); every key of every list,
// alone or beside valid filters, gives route()'s message instead, and no parser takes it.
const UNSTORABLE_SAMPLES = ["\u0000", "a\u0000b", "law\u0000", "\uD800", "x\uDFFFy", "\uDBFF"];
const EVERY_LIST: [string, AnyList, z.ZodType, Record<string, string>][] = [
  ["public university search", universitySearchQuery, universitySearchQuerySchema, { country: "fr" }],
  ["admin universities", adminUniversitiesQuery, universitySearchQuerySchema, {}],
  ["public program search", programSearchQuery, programSearchQuery.apiSchema, { open: "true" }],
  ["admin programs", programsListQuery, programsListQuerySchema, { level: "Master's" }],
  ["admin users", usersListQuery, usersListQuerySchema, { role: "admin" }],
  ["applications", applicationsListQuery, applicationsListQuerySchema, { status: "in-review" }],
  ["audit log", auditListQuery, auditListQuerySchema, { entityType: "all" }],
  ["contact messages", contactListQuery, contactListQuerySchema, {}],
];

describe.each(EVERY_LIST)("%s: text PostgreSQL cannot store", (_name, list, schema, valid) => {
  test.each(Object.keys(list.keys))(
    "?%s= alone or beside valid filters: the page and the API both refuse it with route()'s message",
    async (key) => {
      for (const text of UNSTORABLE_SAMPLES) {
        for (const input of [{ [key]: text }, { q: "law", ...valid, [key]: text, page: "2" }]) {
          expect([input, await page(list, input)]).toEqual([input, { message: UNSTORABLE_TEXT }]);
          expect([input, api(list, schema, input)]).toEqual([input, { message: UNSTORABLE_TEXT }]);
        }
        // Nor does any parser take it: the search box, the filters, the lenient loader.
        const parser = (list.parsers as Record<string, { parse: (t: string) => unknown }>)[key]!;
        expect([text, parser.parse(text)]).toEqual([text, null]);
      }
    },
  );
});

test("the browser's filters read the keys the API reads: the same definitions, the same parsers", () => {
  expect(universitySearchQuery.keys).toBe(universitySearchKeys);
  expect(programSearchQuery.keys).toBe(programSearchKeys);
  for (const [browser, server] of [
    [universitySearchParsers, universitySearchQuery.parsers],
    [programSearchParsers, programSearchQuery.parsers],
    [adminListParsers, adminUniversitiesQuery.parsers],
  ] as const) {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(server).sort());
    for (const [key, parser] of Object.entries(browser)) {
      const twin = (server as Record<string, typeof parser>)[key]!;
      expect([key, parser.defaultValue]).toEqual([key, twin.defaultValue]);
      for (const text of ["", " a ", "2", "x".repeat(SEARCH_MAX + 1), "\u0000"])
        expect([key, text, parser.parse(text)]).toEqual([key, text, twin.parse(text)]);
    }
  }
  for (const list of [
    usersListQuery,
    applicationsListQuery,
    programsListQuery,
    auditListQuery,
    contactListQuery,
  ])
    expect(list.keys.q).toBe(searchKey);
});

// What each kind of key accepts, as the API reads it and the filters show it.
describe("the kinds of key", () => {
  const apiOf = (input: Record<string, string>) => {
    const result = programSearchQuery.apiSchema.safeParse(input);
    return result.success ? result.data : result.error.issues.map((issue) => issue.message);
  };

  test("?q= counts characters as a person does: an emoji is one", () => {
    expect(apiOf({ q: "😀".repeat(SEARCH_MAX) })).toMatchObject({ q: "😀".repeat(SEARCH_MAX) });
    expect(apiOf({ q: "😀".repeat(SEARCH_MAX + 1) })).toEqual([`q must be at most ${SEARCH_MAX} characters`]);
    expect(programSearchParsers.q.parse("😀".repeat(SEARCH_MAX))).toBe("😀".repeat(SEARCH_MAX));
    expect(programSearchParsers.q.parse("😀".repeat(SEARCH_MAX + 1))).toBeNull();
  });

  test.each([
    ["20000", 20000],
    [" 5 ", 5],
    ["1e3", 1000],
    ["0x10", 16],
    ["", 0],
  ])("?cost=%j is read as a number reads it: %j", (text, value) => {
    expect(apiOf({ cost: text })).toMatchObject({ cost: value });
    expect(programSearchParsers.cost.parse(text)).toBe(value);
  });

  test.each(["1.5", "-1", "100001", "Infinity", "NaN", "cheap", "99999999999999999999"])(
    "?cost=%j is refused once, with its rule",
    (text) => {
      expect(apiOf({ cost: text })).toEqual(["cost must be a whole number from 0 to 100000"]);
      expect(programSearchParsers.cost.parse(text)).toBeNull();
    },
  );

  test("?duration= counts years from 1; absent (0) means any", () => {
    expect(apiOf({ duration: "6" })).toMatchObject({ duration: 6 });
    for (const text of ["0", "", "7"])
      expect(apiOf({ duration: text })).toEqual(["duration must be a whole number of years from 1 to 6"]);
    expect(programSearchParsers.duration.defaultValue).toBe(0);
  });

  test("?from= is a day of the calendar written YYYY-MM-DD", () => {
    expect(apiOf({ from: "2024-02-29" })).toMatchObject({ from: "2024-02-29" });
    for (const text of ["2023-02-29", "1900-02-29", "2024-13-01", "2024-1-01", "2024-01-01 ", "tomorrow"])
      expect([text, apiOf({ from: text })]).toEqual([text, ["from must be a date written YYYY-MM-DD"]]);
  });

  test("?open= is true or false in any letter case", () => {
    expect(apiOf({ open: "TRUE" })).toMatchObject({ open: true });
    expect(apiOf({ open: "False" })).toMatchObject({ open: false });
    expect(apiOf({ open: "yes" })).toEqual(["open must be true or false"]);
    expect(programSearchParsers.open.parse("True")).toBe(true);
  });

  test("a list of values is matched exactly; the API reads an absent sort as the default", () => {
    expect(apiOf({})).toMatchObject({ sort: "deadline" });
    expect(apiOf({ degree: "msc" })).toEqual([expect.stringMatching(/^degree must be 'all' or one of: /)]);
    expect(apiOf({ sort: "constructor" })).toEqual(["sort must be one of: deadline, tuition, name, ranking"]);
    expect(apiOf({})).not.toHaveProperty("degree");
  });
});
