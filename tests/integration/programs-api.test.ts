import { GET as listPrograms } from "@/app/api/programs/route";
import { GET as getProgram } from "@/app/api/programs/[id]/route";
import { createUniversity, deleteUniversitiesNamed, uniqueTag } from "../support/factories";

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

afterAll(() => deleteUniversitiesNamed(tag));

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
  expect(await missing.json()).toEqual({ error: "Program not found" });

  const malformed = await getProgram(new Request("http://localhost"), {
    params: Promise.resolve({ id: "x1" }),
  });
  expect(malformed.status).toBe(400);
  expect((await get("?universityId=abc")).status).toBe(400);
});
