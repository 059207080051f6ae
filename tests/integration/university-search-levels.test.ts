import { GET as listUniversities } from "@/app/api/universities/route";
import { prisma } from "@/lib/db/client.server";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { countQuery, searchUniversities } from "@/lib/universities/search.server";
import { cleanup, createStudyLevel, createUniversity, uniqueTag } from "../support/factories";

// The study-level filter of the university search matches the program's own level (a name of the
// study level list in settings), not a group of degree codes: a university whose only PhD-level
// program is an EdD is a PhD match, and a level an admin adds can be searched.

const tag = uniqueTag();
let added: string;

beforeAll(async () => {
  added = (await createStudyLevel(`Foundation ${tag}`)).name;
  const make = (name: string, programs: { degree: string; level: string }[]) =>
    createUniversity({
      name: `Levels ${tag} ${name}`,
      programs: programs.map((program) => ({ ...program, name: `${program.degree} Studies` })),
    });
  await make("Law School", [
    { degree: "LLB", level: "Bachelor's" },
    { degree: "LLM", level: "Master's" },
  ]);
  await make("Business School", [
    { degree: "BBA", level: "Bachelor's" },
    { degree: "DBA", level: "PhD" },
  ]);
  await make("Education College", [{ degree: "EdD", level: "PhD" }]);
  await make("Medical School", [{ degree: "MD", level: "PhD" }]);
  await make("Architecture School", [{ degree: "BArch", level: "Bachelor's" }]);
  await make("Foundation College", [{ degree: "Cert", level: added }]);
});

afterAll(cleanup);

async function names(level: string) {
  const criteria = toSearchCriteria({ q: `Levels ${tag}`, level });
  const page = await searchUniversities(criteria, { sort: "name", limit: 20, offset: 0 });
  const [{ total }] = await prisma.$queryRaw<{ total: number }[]>(countQuery(criteria));
  expect(total).toBe(page.items.length);
  return page.items.map((item) => item.name.replace(`Levels ${tag} `, ""));
}

test("a level finds the universities with a program of that level, whatever its degree", async () => {
  expect(await names("Bachelor's")).toEqual(["Architecture School", "Business School", "Law School"]);
  expect(await names("Master's")).toEqual(["Law School"]);
  expect(await names("PhD")).toEqual(["Business School", "Education College", "Medical School"]);
});

test("a level added in settings is a level of the search like the others", async () => {
  expect(await names(added)).toEqual(["Foundation College"]);
  expect(await names("No such level")).toEqual([]);
});

test("the search's API takes any level of the list, and counts its programs", async () => {
  const response = await listUniversities(
    new Request(
      `http://localhost/api/universities?q=${encodeURIComponent(`Levels ${tag}`)}&level=${encodeURIComponent(added)}`,
    ),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { name: string; programCount: number }[];
  expect(body.map((u) => [u.name, u.programCount])).toEqual([[`Levels ${tag} Foundation College`, 1]]);
});
