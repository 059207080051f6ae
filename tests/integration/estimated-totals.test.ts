import { GET as listUniversitiesApi } from "@/app/api/universities/route";
import { GET as listProgramsApi } from "@/app/api/programs/route";
import { countMatches, totalOfPage } from "@/lib/db/bounded-count.server";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { EXACT_COUNT_BOUND } from "@/lib/paging";
import { toProgramCriteria } from "@/lib/programs/criteria";
import { fitConditions } from "@/lib/programs/fit-sql.server";
import { listAdminPrograms } from "@/lib/programs/queries.server";
import { searchPrograms } from "@/lib/programs/search.server";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { searchUniversities } from "@/lib/universities/search.server";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";

// Lists count their matches exactly up to EXACT_COUNT_BOUND (1,000) and estimate beyond it: the
// planner's estimate, rounded, never below the bound nor below the rows a page showed; a short
// page gives the exact total, and a page past the end of an estimated list is counted again. The
// demo catalogue (10,251 universities, 56,496 programs) has lists on both sides of the bound.

const tag = uniqueTag();
const none = { params: Promise.resolve({}) };
let universityId: number;

beforeAll(async () => {
  const university = await createUniversity({
    name: `Estimates ${tag} University`,
    programs: Array.from({ length: 6 }, (_, index) => ({ name: `Counted ${tag} ${index}` })),
  });
  universityId = university.id;
});

afterAll(cleanup);

const tagged = Prisma.sql`SELECT p."id" FROM "programs" p WHERE p."name" LIKE ${`Counted ${tag} %`}`;

describe("countMatches", () => {
  test("exact up to the bound", async () => {
    expect(await countMatches(tagged, { bound: 6 })).toEqual({ total: 6 });
    expect(await countMatches(tagged)).toEqual({ total: 6 });
  });

  test("past the bound: an estimate, never below the bound", async () => {
    const count = await countMatches(tagged, { bound: 3 });
    expect(count.approximate).toBe(true);
    expect(count.total).toBeGreaterThanOrEqual(4);
  });

  test("a short page is the exact total; a page past an estimate's end is counted again", async () => {
    const estimate = { total: 1_100, approximate: true };
    expect(await totalOfPage(estimate, { offset: 2, limit: 3, shown: 3 }, tagged)).toEqual(estimate);
    expect(await totalOfPage(estimate, { offset: 3, limit: 5, shown: 3 }, tagged)).toEqual({ total: 6 });
    expect(await totalOfPage(estimate, { offset: 20, limit: 5, shown: 0 }, tagged)).toEqual({ total: 6 });
    // A full page past the estimate: room for one more row.
    expect(await totalOfPage(estimate, { offset: 1_100, limit: 20, shown: 20 }, tagged)).toEqual({
      total: 1_200,
      approximate: true,
    });
  });
});

describe("the university search", () => {
  test("a country of more than 1,000 universities: estimated, said in the API", async () => {
    const response = await listUniversitiesApi(
      new Request("http://localhost/api/universities?country=US"),
      none,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count-Approximate")).toBe("true");
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThan(EXACT_COUNT_BOUND);
    const [{ exact }] = await prisma.$queryRaw<{ exact: number }[]>`
      SELECT count(*)::int AS "exact" FROM "universities" u JOIN "countries" c ON c."id" = u."countryId"
       WHERE c."code" = 'US' AND u."archivedAt" IS NULL`;
    // The demo's United States: 2,348 universities; the estimate is within a factor of two.
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThan(exact / 2);
    expect(Number(response.headers.get("X-Total-Count"))).toBeLessThan(exact * 2);
  });

  test("a few matches, and no conditions at all: exact", async () => {
    const few = await listUniversitiesApi(new Request(`http://localhost/api/universities?q=${tag}`), none);
    expect(few.headers.get("X-Total-Count")).toBe("1");
    expect(few.headers.get("X-Total-Count-Approximate")).toBe("false");
    const all = await searchUniversities(toSearchCriteria({}), { limit: 20, offset: 0 });
    expect(all.approximate).toBeFalsy();
    const [{ live }] = await prisma.$queryRaw<{ live: number }[]>`
      SELECT count(*)::int AS "live" FROM "universities" WHERE "archivedAt" IS NULL`;
    expect(all.total).toBe(live);
  });

  test("a page past the end of an estimated list: the exact total, whose last page exists", async () => {
    const past = await searchUniversities(toSearchCriteria({ country: "US" }), {
      limit: 20,
      offset: 100_000,
    });
    expect(past.items).toEqual([]);
    expect(past.approximate).toBeFalsy();
    const last = await searchUniversities(toSearchCriteria({ country: "US" }), {
      limit: 20,
      offset: Math.floor((past.total - 1) / 20) * 20,
    });
    expect(last.items.length).toBeGreaterThan(0);
    expect(last.approximate).toBeFalsy();
  });
});

describe("the program lists", () => {
  test("a frequent level: estimated in the search, the API and the admin list", async () => {
    const now = new Date();
    const search = await searchPrograms(toProgramCriteria({ level: "Master's" }, now), {
      sort: "deadline",
      limit: 20,
      offset: 0,
      rates: {},
    });
    expect(search).toMatchObject({ approximate: true });
    expect(search.total).toBeGreaterThan(EXACT_COUNT_BOUND);
    const api = await listProgramsApi(new Request("http://localhost/api/programs?level=Master%27s"), none);
    expect(api.headers.get("X-Total-Count-Approximate")).toBe("true");
    const admin = await listAdminPrograms({ search: "a", order: "newest", limit: 20, offset: 0 });
    expect(admin).toMatchObject({ approximate: true });
  });

  test("one university's programs and a tagged text: exact", async () => {
    const api = await listProgramsApi(
      new Request(`http://localhost/api/programs?universityId=${universityId}`),
      none,
    );
    expect(api.headers.get("X-Total-Count")).toBe("6");
    expect(api.headers.get("X-Total-Count-Approximate")).toBe("false");
    const search = await searchPrograms(toProgramCriteria({ q: `Counted ${tag}` }, new Date()), {
      sort: "name",
      limit: 4,
      offset: 0,
      rates: {},
    });
    expect(search).toMatchObject({ total: 6 });
    expect(search.approximate).toBeFalsy();
  });

  test("the fit filters' left-out counts: exact for few matches, estimated past the bound", async () => {
    const fit = fitConditions(["visa"], { profile: null, signedIn: false, rates: {}, today: new Date() });
    const few = await searchPrograms(toProgramCriteria({ q: `Counted ${tag}` }, new Date()), {
      sort: "name",
      limit: 20,
      offset: 0,
      rates: {},
      fit,
    });
    // The factory's programs state no visa sponsorship: all six left out, counted exactly.
    expect(few).toMatchObject({ total: 0, leftOut: { visa: 6 } });
    expect(few.leftOutApproximate).toBeFalsy();
    const many = await searchPrograms(toProgramCriteria({}, new Date()), {
      sort: "deadline",
      limit: 20,
      offset: 0,
      rates: {},
      fit,
    });
    expect(many.leftOutApproximate).toBe(true);
    const [{ leftOut }] = await prisma.$queryRaw<{ leftOut: number }[]>`
      SELECT count(*)::int AS "leftOut" FROM "programs"
       WHERE "archivedAt" IS NULL AND "visaSponsorship" IS NOT TRUE`;
    expect(many.leftOut.visa).toBeGreaterThan(leftOut / 2);
    expect(many.leftOut.visa).toBeLessThan(leftOut * 2);
    // The total too is estimated from the same first matches, when they put it far past the bound.
    const [{ kept }] = await prisma.$queryRaw<{ kept: number }[]>`
      SELECT count(*)::int AS "kept" FROM "programs"
       WHERE "archivedAt" IS NULL AND "visaSponsorship" IS TRUE`;
    expect(kept).toBeGreaterThan(4 * EXACT_COUNT_BOUND);
    expect(many).toMatchObject({ approximate: true });
    expect(many.total).toBeGreaterThan(kept / 2);
    expect(many.total).toBeLessThan(kept * 2);
  });

  test("a fit filter that keeps few of many matches: its total is exact", async () => {
    // Past the bound of matches, the first ones hold none of the six kept: an estimate would say
    // "0" or "about 1,000", so the kept programs are counted.
    const fit = [{ filter: "visa" as const, sql: Prisma.sql`p."name" LIKE ${`Counted ${tag} %`}` }];
    const page = await searchPrograms(toProgramCriteria({}, new Date()), {
      sort: "name",
      limit: 4,
      offset: 0,
      rates: {},
      fit,
    });
    expect(page.leftOutApproximate).toBe(true);
    expect(page.total).toBe(6);
    expect(page.approximate).toBeFalsy();
    expect(page.items.map((item) => item.name)).toEqual(
      [0, 1, 2, 3].map((index) => `Counted ${tag} ${index}`),
    );
  });
});
