import { GET as listUniversities } from "@/app/api/universities/route";
import { prisma } from "@/lib/db/client.server";
import { toSearchCriteria, type SearchCriteria } from "@/lib/universities/criteria";
import { cheapestFirst, searchUniversities } from "@/lib/universities/search.server";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";

// The search by lowest tuition: a university ranks by its cheapest live program that matches the
// search, ties by name; one without such a program comes last. Its first pages are found by
// walking programs from the cheapest (cheapestFirst), which must give the same order as ranking
// every match, or give way to it.

const tag = uniqueTag();
const ids: Record<string, number> = {};
const named = (...names: string[]) => names.map((name) => ids[name]);

beforeAll(async () => {
  const make = async (name: string, programs: { tuition: number; degree?: string; name?: string }[]) => {
    ids[name] = (await createUniversity({ name: `Walk ${tag} ${name}`, programs })).id;
  };
  // Created in an order the sort must change.
  await make("Delta", [{ tuition: 200 }, { tuition: 0 }]);
  await make("Beta", [{ tuition: 100 }]);
  await make("Omega", [{ tuition: 0 }]);
  await make("Alpha", [{ tuition: 200 }, { tuition: 100, degree: "MSc", name: "Data Law" }]);
  await make("Gamma", []);
  await make("Sigma", [{ tuition: 0 }]);
  // Delta's free program is archived, and so is Sigma with its program (as archiving a university
  // does: the database keeps no live program under an archived university): neither counts in the
  // public search.
  await prisma.program.updateMany({
    where: { universityId: { in: [ids.Delta, ids.Sigma] }, tuition: 0 },
    data: { archivedAt: new Date() },
  });
  await prisma.university.update({ where: { id: ids.Sigma }, data: { archivedAt: new Date() } });
});

afterAll(cleanup);

const ours: SearchCriteria = { nameContains: `Walk ${tag}` };

test("the search orders by the cheapest live program, then by name, universities without one last", async () => {
  const page = await searchUniversities(ours, { sort: "tuition", limit: 20, offset: 0 });
  expect(page.items.map((u) => u.id)).toEqual(named("Omega", "Alpha", "Beta", "Delta", "Gamma"));
  expect(page.items.map((u) => u.minTuition)).toEqual(["0.00", "100.00", "100.00", "200.00", null]);
  expect(page.total).toBe(5);
  const second = await searchUniversities(ours, { sort: "tuition", limit: 2, offset: 1 });
  expect(second.items.map((u) => u.id)).toEqual(named("Alpha", "Beta"));
});

test("the walk from the cheapest program finds the same first universities", async () => {
  expect(await cheapestFirst(ours, 4)).toEqual(named("Omega", "Alpha", "Beta", "Delta"));
  // From a window of one program, growing over several rounds.
  expect(await cheapestFirst(ours, 4, 1)).toEqual(named("Omega", "Alpha", "Beta", "Delta"));
  expect(await cheapestFirst(ours, 2, 1)).toEqual(named("Omega", "Alpha"));
});

test("the walk gives way where it cannot place every university of the page", async () => {
  // Gamma has no program: its place after all the others is not a program's.
  expect(await cheapestFirst(ours, 5)).toBeNull();
  // A search whose matches sit among dear programs only: the walk stops at its largest window.
  expect(await cheapestFirst({ nameContains: `Walk ${tag} Gamma` }, 1)).toBeNull();
});

test("with program conditions, a window past the cost limit holds every match", async () => {
  const cheap = { ...ours, program: { maxTuition: 150 } };
  expect(await cheapestFirst(cheap, 20)).toEqual(named("Omega", "Alpha", "Beta"));
  const lawMasters = toSearchCriteria({ q: `Walk ${tag}`, level: "Master's", field: "Law" });
  expect(await cheapestFirst(lawMasters, 1)).toEqual(named("Alpha"));
});

test("GET /api/universities sorts by tuition with the filters, through the walk or not", async () => {
  const names = async (query: string) => {
    const response = await listUniversities(
      new Request(
        `http://localhost/api/universities?q=${encodeURIComponent(`Walk ${tag}`)}&sort=tuition${query}`,
      ),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);
    return (await response.json()).map((u: { name: string }) => u.name.replace(`Walk ${tag} `, ""));
  };
  expect(await names("")).toEqual(["Omega", "Alpha", "Beta", "Delta", "Gamma"]);
  expect(await names("&cost=150")).toEqual(["Omega", "Alpha", "Beta"]);
  expect(await names("&level=Master's&field=Law")).toEqual(["Alpha"]);
  expect(await names("&country=NZ")).toEqual(["Omega", "Alpha", "Beta", "Delta", "Gamma"]);
  expect(await names("&limit=2&offset=2")).toEqual(["Beta", "Delta"]);
});
