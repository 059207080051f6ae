import { GET as listUniversities } from "@/app/api/universities/route";
import { GET as getUniversity } from "@/app/api/universities/[id]/route";
import { GET as getBySlug } from "@/app/api/universities/by-slug/[slug]/route";
import { prisma } from "@/lib/db/client.server";
import { getUniversityPage } from "@/lib/universities/queries.server";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";

const none = { params: Promise.resolve({}) };
const params = <P>(p: P) => ({ params: Promise.resolve(p) });
const get = (query: string) =>
  listUniversities(new Request(`http://localhost/api/universities${query}`), none);

const tag = uniqueTag();
let law: Awaited<ReturnType<typeof createUniversity>>;

beforeAll(async () => {
  // Two universities that tell the combined-filter rule apart: only the first has one program
  // that is both a Master's (MA) and Law.
  law = await createUniversity({
    name: `Harbour ${tag} Law School`,
    countryCode: "NZ",
    ranking: null,
    programs: [
      { name: "International Law", degree: "MA", tuition: 30_000 },
      { name: "Computer Science", degree: "BSc", tuition: 4_000 },
    ],
  });
  await createUniversity({
    name: `Harbour ${tag} Institute`,
    countryCode: "NZ",
    programs: [
      { name: "International Law", degree: "LLB", tuition: 20_000 },
      { name: "Business Analytics", degree: "MBA", tuition: 60_000 },
    ],
  });
});

afterAll(cleanup);

describe("GET /api/universities", () => {
  test("a page of 50 by default with the total in X-Total-Count and the country name", async () => {
    const response = await get("");
    expect(response.status).toBe(200);
    const items = await response.json();
    expect(items).toHaveLength(50);
    expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(10_251);
    expect(items[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      slug: expect.any(String),
      country: expect.any(String),
      countryCode: expect.stringMatching(/^[A-Z]{2}$/),
      ranking: 1,
      rankingSource: "Demo ranking",
    });
  });

  test("limit and offset page through the same order", async () => {
    // Universities of this test's own: suites running beside it create ranked universities that
    // would move into the top of the whole list between two requests.
    const paging = uniqueTag();
    for (const [name, ranking] of [
      ["Delta", null],
      ["Alpha", 7],
      ["Echo", null],
      ["Bravo", 3],
      ["Charlie", null],
    ] as const) {
      await createUniversity({ name: `Paging ${paging} ${name}`, ranking });
    }
    const names = async (query: string) =>
      (await (await get(`?q=${paging}&${query}`)).json()).map((u: { name: string }) =>
        u.name.replace(`Paging ${paging} `, ""),
      );
    // Ranked first by ranking, then the unranked by name; a page may cross from one to the other.
    expect(await names("limit=10")).toEqual(["Bravo", "Alpha", "Charlie", "Delta", "Echo"]);
    expect(await names("limit=2&offset=1")).toEqual(["Alpha", "Charlie"]);
    expect(await names("limit=2&offset=3")).toEqual(["Delta", "Echo"]);
    expect(await names("limit=2&offset=5")).toEqual([]);
    expect(await (await get("?limit=500")).json()).toHaveLength(500);
  });

  test("country filter by code, with the name in each result", async () => {
    const response = await get("?country=fr&limit=500");
    const items = await response.json();
    expect(items.length).toBeGreaterThan(0);
    expect(
      items.every(
        (u: { countryCode: string; country: string }) => u.countryCode === "FR" && u.country === "France",
      ),
    ).toBe(true);
    expect(Number(response.headers.get("X-Total-Count"))).toBe(items.length);
  });

  test("name is a case-insensitive substring", async () => {
    const items = await (await get(`?q=${tag.toUpperCase()}%20law`)).json();
    expect(items.map((u: { name: string }) => u.name)).toEqual([`Harbour ${tag} Law School`]);
  });

  test("combined level and field must hold for the same program", async () => {
    const names = async (query: string) =>
      (await (await get(`?q=${tag}&${query}`)).json()).map((u: { name: string }) => u.name).sort();
    expect(await names("level=Master's&field=Law")).toEqual([`Harbour ${tag} Law School`]);
    // The Institute has Law at Bachelor's level (an LLB) and a Master's (MBA), never both.
    expect(await names("level=Bachelor's&field=Law")).toEqual([`Harbour ${tag} Institute`]);
    expect(await names("level=PhD&field=Law")).toEqual([]);
    expect(await names("level=Master's")).toEqual([`Harbour ${tag} Institute`, `Harbour ${tag} Law School`]);
    expect(await names("field=Law")).toEqual([`Harbour ${tag} Institute`, `Harbour ${tag} Law School`]);
    expect(await names("level=all&field=all&country=all")).toHaveLength(2);
  });

  test("cost keeps universities with a program at or under it; 0 means no limit", async () => {
    const names = async (query: string) =>
      (await (await get(`?q=${tag}&${query}`)).json()).map((u: { name: string }) => u.name).sort();
    expect(await names("cost=4000")).toEqual([`Harbour ${tag} Law School`]);
    expect(await names("cost=3000")).toEqual([]);
    expect(await names("cost=0")).toHaveLength(2);
    expect(await names("cost=20000&field=Law")).toEqual([`Harbour ${tag} Institute`]);
  });

  test("program figures count the programs that match", async () => {
    const [school] = await (await get(`?q=${tag}%20Law&field=Law`)).json();
    expect(school).toMatchObject({ programCount: 1, minTuition: "30000.00" });
    const [all] = await (await get(`?q=${tag}%20Law`)).json();
    expect(all).toMatchObject({ programCount: 2, minTuition: "4000.00" });
  });

  test("sorting by name and by lowest tuition", async () => {
    const order = async (sort: string) =>
      (await (await get(`?q=${tag}&sort=${sort}`)).json()).map((u: { name: string }) => u.name);
    expect(await order("name")).toEqual([`Harbour ${tag} Institute`, `Harbour ${tag} Law School`]);
    expect(await order("tuition")).toEqual([`Harbour ${tag} Law School`, `Harbour ${tag} Institute`]);
  });

  test("sorting by ranking puts unranked universities last, by name; a ranking without a source counts as none", async () => {
    const sortTag = uniqueTag();
    // Created in an order that the sort must change.
    await createUniversity({
      name: `Ranked ${sortTag} Zeta`,
      ranking: 80,
      rankingSource: "QS",
      rankingYear: 2026,
    });
    await createUniversity({ name: `Ranked ${sortTag} Beta`, ranking: null });
    await createUniversity({ name: `Ranked ${sortTag} Alpha`, ranking: 1, rankingSource: null });
    await createUniversity({ name: `Ranked ${sortTag} Gamma`, ranking: 3, rankingSource: "THE" });
    const items = await (await get(`?q=${sortTag}&sort=ranking`)).json();
    expect(items.map((u: { name: string }) => u.name)).toEqual([
      `Ranked ${sortTag} Gamma`,
      `Ranked ${sortTag} Zeta`,
      `Ranked ${sortTag} Alpha`,
      `Ranked ${sortTag} Beta`,
    ]);
    expect(items[1]).toMatchObject({ ranking: 80, rankingSource: "QS", rankingYear: 2026 });
    // The default order is the ranking's.
    expect(await (await get(`?q=${sortTag}`)).json()).toEqual(items);
    // Pages of one and of three, across the step from ranked to unranked, keep that order.
    const names = async (query: string) =>
      (await (await get(`?q=${sortTag}${query}`)).json()).map((u: { name: string }) => u.name);
    const all = items.map((u: { name: string }) => u.name);
    for (let offset = 0; offset < 4; offset++)
      expect(await names(`&limit=1&offset=${offset}`)).toEqual([all[offset]]);
    expect(await names("&limit=3&offset=1")).toEqual(all.slice(1));
  });

  test("a university without programs is found by name and country, never by level, field or cost", async () => {
    const emptyTag = uniqueTag();
    await createUniversity({ name: `Empty ${emptyTag} College`, countryCode: "NZ" });
    const names = async (query: string) =>
      (await (await get(`?q=${emptyTag}${query}`)).json()).map((u: { name: string }) => u.name);
    expect(await names("&country=NZ")).toEqual([`Empty ${emptyTag} College`]);
    const [found] = await (await get(`?q=${emptyTag}`)).json();
    expect(found).toMatchObject({ programCount: 0, minTuition: null });
    expect(await names("&level=Master's")).toEqual([]);
    expect(await names("&field=Law")).toEqual([]);
    expect(await names("&cost=100000")).toEqual([]);
  });

  test("LIKE wildcards in the name search are taken literally", async () => {
    expect(await (await get("?q=%25%25%25")).json()).toEqual([]);
    expect(await (await get("?q=_")).json()).toEqual([]);
  });

  test.each([
    ["?limit=0", "limit must be a whole number from 1 to 500"],
    ["?limit=501", "limit must be a whole number from 1 to 500"],
    ["?limit=ten", "limit must be a whole number from 1 to 500"],
    ["?offset=-1", "offset must be a whole number, 0 or more"],
    ["?offset=99999999999999999999", "offset must be a whole number, 0 or more"],
    [`?q=${"a".repeat(201)}`, "q must be at most 200 characters"],
    [`?level=${"a".repeat(101)}`, "level must be at most 100 characters"],
    ["?field=Cooking", "field must be 'all' or one of"],
    ["?country=France", "country must be a two-letter country code or 'all'"],
    ["?cost=100001", "cost must be a whole number from 0 to 100000"],
    ["?sort=random", "sort must be one of"],
  ])("%s is a 400 that says what is wrong", async (query, message) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toContain(message);
  });
});

describe("GET /api/universities/{id} and /by-slug/{slug}", () => {
  test("answer the university with its country name", async () => {
    const byId = await getUniversity(new Request("http://localhost"), params({ id: String(law.id) }));
    expect(byId.status).toBe(200);
    const body = await byId.json();
    expect(body).toMatchObject({
      id: law.id,
      slug: law.slug,
      country: "New Zealand",
      countryCode: "NZ",
      images: [],
    });

    const bySlug = await getBySlug(new Request("http://localhost"), params({ slug: law.slug }));
    expect(await bySlug.json()).toEqual(body);
  });

  test("unknown: 404 JSON; malformed: 400 JSON", async () => {
    const missing = await getUniversity(new Request("http://localhost"), params({ id: "999999999" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ requestId: expect.any(String), error: "University not found" });

    const missingSlug = await getBySlug(
      new Request("http://localhost"),
      params({ slug: "no-such-university" }),
    );
    expect(missingSlug.status).toBe(404);

    for (const id of ["abc", "1.5", "-3", "0", "99999999999"]) {
      const response = await getUniversity(new Request("http://localhost"), params({ id }));
      expect({ id, status: response.status }).toEqual({ id, status: 400 });
      expect((await response.json()).error).toBe("The id must be a positive whole number");
    }
    const badSlug = await getBySlug(new Request("http://localhost"), params({ slug: "Not A Slug" }));
    expect(badSlug.status).toBe(400);
  });
});

describe("the university page's read", () => {
  test("a slug no university can have is not looked up (/university/%00 answered 500)", async () => {
    for (const slug of ["\u0000", "a\u0000b", "UPPER", "../etc/passwd", "x".repeat(400)]) {
      await expect(getUniversityPage(slug)).resolves.toBeNull();
    }
    const university = await createUniversity();
    await expect(getUniversityPage(university.slug)).resolves.toMatchObject({ id: university.id });
  });

  test("lists the live programs by name; a program list that cannot be read leaves the rest of the page", async () => {
    const page = await getUniversityPage(law.slug);
    expect(page?.programs.map((p) => [p.name, p.degree])).toEqual([
      ["Computer Science", "BSc"],
      ["International Law", "MA"],
    ]);
    expect(page?.programsFailed).toBeUndefined();

    const spy = jest
      .spyOn(prisma.program, "findMany")
      .mockRejectedValue(new Error("the program read failed"));
    try {
      await expect(getUniversityPage(law.slug)).resolves.toMatchObject({
        id: law.id,
        name: law.name,
        programs: [],
        programsFailed: true,
      });
    } finally {
      spy.mockRestore();
    }
  });
});
