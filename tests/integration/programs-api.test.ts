import { GET as listPrograms } from "@/app/api/programs/route";
import { GET as getProgram } from "@/app/api/programs/[id]/route";
import { listPrograms as listPrograms_ } from "@/lib/programs/queries.server";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";

const none = { params: Promise.resolve({}) };
const get = (query: string) => listPrograms(new Request(`http://localhost/api/programs${query}`), none);
const tag = uniqueTag();
let university: Awaited<ReturnType<typeof createUniversity>>;

beforeAll(async () => {
  university = await createUniversity({
    name: `Program ${tag} University`,
    programs: [
      { name: "Data Science", degree: "MSc", tuition: 12_345.5, duration: 2 },
      { name: "Fine Arts", degree: "BA", tuition: 0 },
    ],
  });
});

afterAll(cleanup);

test("GET /api/programs pages all programs with X-Total-Count", async () => {
  const response = await get("?limit=20");
  expect(response.status).toBe(200);
  expect(await response.json()).toHaveLength(20);
  expect(Number(response.headers.get("X-Total-Count"))).toBeGreaterThan(50_000);
});

test("GET /api/programs?universityId= lists one university's programs with exact tuition", async () => {
  const response = await get(`?universityId=${university.id}`);
  const programs = await response.json();
  expect(response.headers.get("X-Total-Count")).toBe("2");
  expect(programs).toHaveLength(2);
  const science = programs.find((p: { name: string }) => p.name === "Data Science");
  expect(science).toMatchObject({
    universityId: university.id,
    degree: "MSc",
    level: "Master's",
    duration: 2,
    tuition: "12345.50",
    deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    university: {
      id: university.id,
      name: `Program ${tag} University`,
      country: "New Zealand",
      countryCode: "NZ",
    },
  });
});

test("GET /api/programs/{id}: the program, 404 when unknown, 400 when malformed", async () => {
  const id = university.programs[0].id;
  const found = await getProgram(new Request("http://localhost"), {
    params: Promise.resolve({ id: String(id) }),
  });
  expect(found.status).toBe(200);
  expect((await found.json()).id).toBe(id);

  const missing = await getProgram(new Request("http://localhost"), {
    params: Promise.resolve({ id: "2147483000" }),
  });
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ requestId: expect.any(String), error: "Program not found" });

  const malformed = await getProgram(new Request("http://localhost"), {
    params: Promise.resolve({ id: "x1" }),
  });
  expect(malformed.status).toBe(400);
  expect((await get("?universityId=abc")).status).toBe(400);
});

describe("the admin list: search, level filter, paging and count", () => {
  const other = uniqueTag();

  beforeAll(async () => {
    // Programs named after the tag at one university, and a university named after it whose
    // programs are not.
    await createUniversity({
      name: `Plain ${other} College`,
      programs: [
        { name: `Zeta${other} Robotics`, degree: "BEng" },
        { name: `zeta${other} Ethics`, degree: "MA" },
        { name: `Unrelated Fine Arts ${other}x`, degree: "PhD" },
      ],
    });
    await createUniversity({
      name: `Zeta${other} Institute`,
      programs: [
        { name: "Marine Biology", degree: "BSc" },
        { name: "Oceanography", degree: "MSc" },
      ],
    });
  });

  test("search matches the program name or the university name, any case", async () => {
    const page = await listPrograms_({ search: `ZETA${other}`, limit: 50, offset: 0, order: "newest" });
    expect(page.total).toBe(4);
    expect(page.items.map((p) => p.name).sort()).toEqual(
      ["Marine Biology", "Oceanography", `Zeta${other} Robotics`, `zeta${other} Ethics`].sort(),
    );
    // Newest first, each with its university (read in the same page query, not one per row).
    expect(page.items.map((p) => p.id)).toEqual([...page.items.map((p) => p.id)].sort((a, b) => b - a));
    expect(page.items.find((p) => p.name === "Oceanography")?.university.name).toBe(`Zeta${other} Institute`);
  });

  test("the level filter uses the program's level, and combines with the search", async () => {
    const masters = await listPrograms_({ search: `zeta${other}`, level: "Master's", limit: 50, offset: 0 });
    expect(masters.items.map((p) => p.name).sort()).toEqual(["Oceanography", `zeta${other} Ethics`]);
    expect(masters.total).toBe(2);
    const phd = await listPrograms_({ search: other, level: "PhD", limit: 50, offset: 0 });
    expect(phd.items.map((p) => p.name)).toEqual([`Unrelated Fine Arts ${other}x`]);
    const allMasters = await listPrograms_({ level: "Master's", limit: 1, offset: 0 });
    expect(allMasters.total).toBeGreaterThan(10_000);
  });

  test("pages do not overlap and the count is of all matches", async () => {
    const first = await listPrograms_({ search: other, limit: 2, offset: 0, order: "newest" });
    const second = await listPrograms_({ search: other, limit: 2, offset: 2, order: "newest" });
    const third = await listPrograms_({ search: other, limit: 2, offset: 4, order: "newest" });
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([first.items.length, second.items.length, third.items.length]).toEqual([2, 2, 1]);
    const ids = [...first.items, ...second.items, ...third.items].map((p) => p.id);
    expect(new Set(ids).size).toBe(5);
  });

  test("LIKE wildcards in the search are literal", async () => {
    expect((await listPrograms_({ search: `zeta%${other}`, limit: 5, offset: 0 })).total).toBe(0);
    expect((await listPrograms_({ search: "_", limit: 5, offset: 0 })).total).toBe(0);
  });

  test("GET /api/programs takes q and level too", async () => {
    const response = await get(
      `?q=${encodeURIComponent(`zeta${other}`)}&level=${encodeURIComponent("Bachelor's")}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("2");
    expect((await response.json()).map((p: { name: string }) => p.name).sort()).toEqual([
      "Marine Biology",
      `Zeta${other} Robotics`,
    ]);
    expect((await get(`?q=${"x".repeat(201)}`)).status).toBe(400);
  });
});
