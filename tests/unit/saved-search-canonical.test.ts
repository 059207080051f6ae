import { canonicalSearch, describeSearch, savedSearchPath, searchValues } from "@/lib/saved-searches/kinds";
import { savedSearchCreateSchema, savedSearchUpdateSchema } from "@/lib/validation/saved-searches";

// A saved search is its filters in one canonical form: what the search's own parse reads, at
// defaults left out, keys in order, without sort and page. The same search written two ways is
// one saved search; what the search refuses cannot be saved.

describe("canonicalSearch", () => {
  test("the same program search written two ways is one query string", () => {
    const a = canonicalSearch("programs", "?sort=name&country=de&level=Master%27s&page=3&q=%20marine%20");
    const b = canonicalSearch("programs", "q=marine&level=Master%27s&country=DE");
    expect(a).toEqual({
      ok: true,
      query: "country=DE&level=Master%27s&q=marine",
      filters: expect.any(Object),
    });
    expect(b.ok && b.query).toBe(a.ok && a.query);
  });

  test("filters at their default are left out; no filter at all is the empty search", () => {
    expect(
      canonicalSearch("programs", "country=all&level=all&field=all&degree=all&cost=0&q=&open=false"),
    ).toMatchObject({
      ok: true,
      query: "",
    });
    expect(canonicalSearch("universities", "")).toMatchObject({ ok: true, query: "" });
    expect(canonicalSearch("universities", "sort=tuition&page=2")).toMatchObject({ ok: true, query: "" });
  });

  test("a repeated parameter counts by its last value, as the search reads it", () => {
    expect(canonicalSearch("programs", "country=FR&country=PT")).toMatchObject({ query: "country=PT" });
  });

  test("parameters that are not filters of the search are dropped", () => {
    expect(canonicalSearch("universities", "degree=MSc&open=true&utm_source=mail&cost=5000")).toMatchObject({
      ok: true,
      query: "cost=5000",
    });
    expect(canonicalSearch("programs", "degree=MSc&open=TRUE&duration=2")).toMatchObject({
      ok: true,
      query: "degree=MSc&duration=2&open=true",
    });
  });

  test("a filter the search refuses gives the search's own message", () => {
    expect(canonicalSearch("programs", "country=Germany")).toEqual({
      ok: false,
      message: "country must be a two-letter country code or 'all'",
    });
    expect(canonicalSearch("programs", "from=2026-02-30")).toMatchObject({ ok: false });
    expect(canonicalSearch("universities", "field=Astrology")).toMatchObject({ ok: false });
    expect(canonicalSearch("programs", `q=${"x".repeat(201)}`)).toMatchObject({ ok: false });
    expect(canonicalSearch("programs", "q=a%00b")).toMatchObject({ ok: false });
  });

  test("a canonical query reads back as the same filters and is its own canonical form", () => {
    const canonical = canonicalSearch("programs", "open=true&cost=12000&q=Law");
    if (!canonical.ok) throw new Error("expected a valid search");
    expect(canonicalSearch("programs", canonical.query)).toMatchObject({ query: canonical.query });
    expect(searchValues("programs", canonical.query)).toMatchObject({ open: true, cost: 12000, q: "Law" });
  });
});

test("the address and the words of a saved search", () => {
  expect(savedSearchPath("programs", "country=DE")).toBe("/programs?country=DE");
  expect(savedSearchPath("universities", "")).toBe("/universities/search");
  expect(describeSearch("programs", "country=DE&open=true&q=law")).toBe(
    'Programs: country DE, still open, "law"',
  );
  expect(describeSearch("universities", "")).toBe("Universities: all");
});

describe("the schemas", () => {
  test("save: the name is required, trimmed and bounded; the query is made canonical", () => {
    const saved = savedSearchCreateSchema.parse({
      kind: "programs",
      query: "?country=fr&sort=name",
      name: "  France  ",
    });
    expect(saved).toEqual({ kind: "programs", query: "country=FR", name: "France", alertsEnabled: true });
    expect(
      savedSearchCreateSchema.safeParse({ kind: "programs", query: "", name: "   " }).error?.issues[0],
    ).toMatchObject({
      path: ["name"],
      message: "Give the search a name",
    });
    expect(savedSearchCreateSchema.safeParse({ kind: "programs", name: "x".repeat(81) }).success).toBe(false);
    expect(savedSearchCreateSchema.safeParse({ kind: "programs", name: "two\nlines" }).success).toBe(false);
    expect(savedSearchCreateSchema.safeParse({ kind: "applications", name: "Not a search" }).success).toBe(
      false,
    );
    expect(savedSearchCreateSchema.safeParse({ kind: "scholarships", name: "Funding" }).success).toBe(true);
    expect(
      savedSearchCreateSchema.safeParse({ kind: "programs", query: "cost=-1", name: "Bad" }).error?.issues[0],
    ).toMatchObject({
      path: ["query"],
    });
    expect(
      savedSearchCreateSchema.parse({ kind: "programs", name: "Off", alertsEnabled: "false" }).alertsEnabled,
    ).toBe(false);
  });

  test("update: a name, the alert, or both; nothing at all is refused", () => {
    expect(savedSearchUpdateSchema.parse({ alertsEnabled: false })).toEqual({ alertsEnabled: false });
    expect(savedSearchUpdateSchema.parse({ name: " New " })).toEqual({ name: "New" });
    expect(savedSearchUpdateSchema.safeParse({}).success).toBe(false);
    expect(savedSearchUpdateSchema.safeParse({ alertsEnabled: "maybe" }).success).toBe(false);
  });
});
