import { GET as listProgramsApi } from "@/app/api/programs/route";
import { GET as listUniversitiesApi } from "@/app/api/universities/route";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { listAdminPrograms, programsMatching } from "@/lib/programs/queries.server";
import { toProgramCriteria } from "@/lib/programs/criteria";
import { searchPrograms } from "@/lib/programs/search.server";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { countQuery, searchAdminUniversities } from "@/lib/universities/search.server";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";

// Name searches match regardless of accents and case, in both directions: what people type
// without accents finds the accented names, and typing the accent finds names written without it.
// The university search (its page, the API and the admin program form's university picker all
// read GET /api/universities), the program search of /programs, and the programs API and admin list.

const none = { params: Promise.resolve({}) };
const tag = uniqueTag();

/** GET /api/universities?q=: what the search page shows and what the admin university picker lists. */
async function universityNames(q: string): Promise<string[]> {
  const params = new URLSearchParams({ q, limit: "500" });
  const response = await listUniversitiesApi(
    new Request(`http://localhost/api/universities?${params}`),
    none,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((u) => u.name).sort();
}

/** The /programs page's query: program names and their universities' names. */
async function programSearch(q: string): Promise<string[]> {
  const page = await searchPrograms(toProgramCriteria({ q }, new Date()), {
    rates: {},
    sort: "name",
    limit: 100,
    offset: 0,
  });
  return page.items.map((p) => `${p.name} @ ${p.university.name}`).sort();
}

/** GET /api/programs?q= (the programs API). */
async function programsApi(q: string): Promise<string[]> {
  const params = new URLSearchParams({ q, limit: "100" });
  const response = await listProgramsApi(new Request(`http://localhost/api/programs?${params}`), none);
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((p) => p.name).sort();
}

const SAO_PAULO = `Universidade de São Paulo ${tag}`;
const MUNCHEN = `Technische Universität ${tag} München`;
const AUTONOMA = `Universidad Autónoma ${tag} de Łódź`;
/** Written without its accent, as some catalogues do: the accented spelling finds it too. */
const PLAIN = `Universidad Autonoma ${tag} del Sur`;

beforeAll(async () => {
  await createUniversity({ name: SAO_PAULO, countryCode: "BR", programs: [{ name: `Economia ${tag}` }] });
  await createUniversity({ name: MUNCHEN, countryCode: "DE", programs: [{ name: `Maschinenbau ${tag}` }] });
  await createUniversity({
    name: AUTONOMA,
    countryCode: "ES",
    programs: [{ name: `Ingeniería ${tag} Civil` }],
  });
  await createUniversity({
    name: PLAIN,
    countryCode: "ES",
    programs: [{ name: `Economie ${tag} Appliquee` }],
  });
});

afterAll(cleanup);

describe("the university search (page, API, admin picker)", () => {
  test.each([
    [`sao paulo ${tag}`, [SAO_PAULO]],
    [`SAO PAULO ${tag}`, [SAO_PAULO]],
    [`são paulo ${tag}`, [SAO_PAULO]],
    [`SÃO PAULO ${tag}`, [SAO_PAULO]],
    [`universitat ${tag} munchen`, [MUNCHEN]],
    [`UNIVERSITÄT ${tag} MÜNCHEN`, [MUNCHEN]],
    [`${tag} de lodz`, [AUTONOMA]],
    [`autonoma ${tag}`, [PLAIN, AUTONOMA].sort()],
    [`autónoma ${tag}`, [PLAIN, AUTONOMA].sort()],
    [`AUTÓNOMA ${tag}`, [PLAIN, AUTONOMA].sort()],
  ])("%s", async (q, expected) => {
    expect(await universityNames(q)).toEqual(expected);
  });

  test.each([
    ["sao paulo", "são paulo"],
    ["munchen", "münchen"],
    ["autonoma", "autónoma"],
  ])("in the catalogue, %s finds what %s finds", async (plain, accented) => {
    const found = await universityNames(plain);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(await universityNames(accented));
    expect(found).toEqual(await universityNames(plain.toUpperCase()));
  });

  test("the admin list (by name, archived too) matches the same way", async () => {
    const page = await searchAdminUniversities(toSearchCriteria({ q: `universitat ${tag} MUNCHEN` }), {
      sort: "name",
      limit: 20,
      offset: 0,
    });
    expect(page.items.map((u) => u.name)).toEqual([MUNCHEN]);
  });

  test("characters that unaccent turns into LIKE wildcards stay literal", async () => {
    // Full-width percent, low line and reverse solidus become %, _ and \.
    expect(await universityNames("％％％")).toEqual([]);
    expect(await universityNames("＿")).toEqual([]);
    expect(await universityNames("＼")).toEqual([]);
  });
});

describe("the program search of /programs", () => {
  test.each([
    [`sao paulo ${tag}`, [`Economia ${tag} @ ${SAO_PAULO}`]],
    [`ingenieria ${tag}`, [`Ingeniería ${tag} Civil @ ${AUTONOMA}`]],
    [`INGENIERÍA ${tag}`, [`Ingeniería ${tag} Civil @ ${AUTONOMA}`]],
    [`économie ${tag} appliquée`, [`Economie ${tag} Appliquee @ ${PLAIN}`]],
    [`${tag} munchen`, [`Maschinenbau ${tag} @ ${MUNCHEN}`]],
  ])("%s", async (q, expected) => {
    expect(await programSearch(q)).toEqual(expected);
  });

  test("in the catalogue, munchen finds what münchen finds", async () => {
    const found = await programSearch("munchen");
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(await programSearch("münchen"));
  });
});

describe("the programs API and the admin programs list", () => {
  test("match program and university names regardless of accents and case", async () => {
    expect(await programsApi(`INGENIERIA ${tag}`)).toEqual([`Ingeniería ${tag} Civil`]);
    expect(await programsApi(`são paulo ${tag}`)).toEqual([`Economia ${tag}`]);
    const byUniversity = await listAdminPrograms({ search: `${tag} munchen`, limit: 20, offset: 0 });
    expect(byUniversity.items.map((p) => p.name)).toEqual([`Maschinenbau ${tag}`]);
  });
});

describe("the searches still read the trigram indexes on the stored search names", () => {
  async function plan(query: Prisma.Sql): Promise<string> {
    const rows = await prisma.$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN (COSTS OFF) ${query}`;
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  }

  test("the university search", async () => {
    expect(await plan(countQuery(toSearchCriteria({ q: "sao paulo" })))).toContain(
      "universities_searchName_idx",
    );
  });

  test("the program search, by program and by university name", async () => {
    const text = await plan(Prisma.sql`SELECT count(*) FROM ${programsMatching("munchen")}`);
    expect(text).toContain("programs_searchName_idx");
    expect(text).toContain("universities_searchName_idx");
  });
});
