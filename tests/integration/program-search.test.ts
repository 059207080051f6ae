import { prisma } from "@/lib/db/client.server";
import { searchPrograms } from "@/lib/programs/search.server";
import { toProgramCriteria } from "@/lib/programs/criteria";
import type { ProgramSort } from "@/lib/programs/search-params";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";

// The /programs query on the seeded database: each case narrows to this file's universities by
// their tag (the text filter matches university names), then checks one filter or sort.

const tag = uniqueTag();
const DAY = 86_400_000;
const now = new Date();
const inDays = (days: number) => new Date(now.getTime() + days * DAY);

const search = (filters: Parameters<typeof toProgramCriteria>[0], sort: ProgramSort = "deadline", page = 1) =>
  searchPrograms(toProgramCriteria({ q: tag, ...filters }, now), {
    rates: {},
    sort,
    limit: 2,
    offset: (page - 1) * 2,
  });
const names = (result: { items: { name: string }[] }) => result.items.map((item) => item.name);

beforeAll(async () => {
  await createUniversity({
    name: `Alpha ${tag} University`,
    countryCode: "NZ",
    ranking: 50,
    rankingYear: 2026,
    programs: [
      {
        name: "Law",
        degree: "LLB",
        level: "Bachelor's",
        field: "Law",
        tuition: 9_000,
        duration: 3,
        deadline: inDays(30),
      },
      {
        name: "Physics",
        degree: "MSc",
        level: "Master's",
        field: "Natural Science",
        tuition: 20_000,
        duration: 2,
        deadline: inDays(-5),
      },
    ],
  });
  await createUniversity({
    name: `Beta ${tag} College`,
    countryCode: "FR",
    ranking: 10,
    rankingSource: null,
    programs: [
      {
        name: "Business",
        degree: "MBA",
        level: "Master's",
        field: "Business",
        tuition: 30_000,
        duration: 1,
        deadline: inDays(10),
      },
      {
        name: "Archived Art",
        degree: "BA",
        level: "Bachelor's",
        field: "Art",
        tuition: 1_000,
        duration: 4,
        deadline: inDays(5),
      },
    ],
  });
  await createUniversity({
    name: `Gamma ${tag} Institute`,
    countryCode: "FR",
    ranking: 3,
    programs: [
      {
        name: "Design",
        degree: "BA",
        level: "Bachelor's",
        field: "Design",
        tuition: 5_000,
        duration: 4,
        deadline: inDays(60),
      },
    ],
  });
  await prisma.program.updateMany({
    where: { name: "Archived Art", university: { name: { contains: tag } } },
    data: { archivedAt: new Date() },
  });
});

afterAll(cleanup);

test("the text matches program and university names; archived programs never appear", async () => {
  const all = await searchPrograms(toProgramCriteria({ q: tag }, now), {
    rates: {},
    sort: "name",
    limit: 50,
    offset: 0,
  });
  expect(all.total).toBe(4);
  expect(names(all)).toEqual(["Business", "Design", "Law", "Physics"]);
  const physics = await searchPrograms(toProgramCriteria({ q: "physics" }, now), {
    rates: {},
    sort: "name",
    limit: 500,
    offset: 0,
  });
  expect(physics.items.some((p) => p.university.name.includes(tag))).toBe(true);
  expect(physics.items.every((p) => /physics/i.test(p.name) || /physics/i.test(p.university.name))).toBe(
    true,
  );
});

test("each filter narrows the results", async () => {
  expect((await search({ country: "fr" })).total).toBe(2);
  expect((await search({ level: "Master's" })).total).toBe(2);
  expect(names(await search({ field: "Law" }))).toEqual(["Law"]);
  expect(names(await search({ degree: "MBA" }))).toEqual(["Business"]);
  expect(names(await search({ duration: 4 }))).toEqual(["Design"]);
  expect(names(await search({ cost: 9_000 }))).toEqual(["Law", "Design"]);
  expect((await search({ from: inDays(20).toISOString().slice(0, 10) })).total).toBe(2);
  expect((await search({ open: true })).total).toBe(3);
  expect((await search({ open: true, country: "NZ" })).total).toBe(1);
  expect((await search({ level: "No such level" })).total).toBe(0);
});

test("sorts: deadline, tuition, name and university ranking (a ranking without a source counts as none), closed programs last", async () => {
  // Physics closed five days ago: every sort lists it after the open programs.
  const all = (sort: ProgramSort) =>
    searchPrograms(toProgramCriteria({ q: tag }, now), { rates: {}, sort, limit: 50, offset: 0, now }).then(
      names,
    );
  expect(await all("deadline")).toEqual(["Business", "Law", "Design", "Physics"]);
  expect(await all("tuition")).toEqual(["Design", "Law", "Business", "Physics"]);
  expect(await all("name")).toEqual(["Business", "Design", "Law", "Physics"]);
  expect(await all("ranking")).toEqual(["Design", "Law", "Business", "Physics"]);
});

test("pages run on from the open programs into the closed ones, none twice and none left out", async () => {
  const deadlinePage = (page: number, limit: number) =>
    searchPrograms(toProgramCriteria({ q: tag }, now), {
      rates: {},
      sort: "deadline",
      limit,
      offset: (page - 1) * limit,
      now,
    });
  expect(names(await deadlinePage(1, 2))).toEqual(["Business", "Law"]);
  expect(names(await deadlinePage(2, 2))).toEqual(["Design", "Physics"]);
  expect(names(await deadlinePage(4, 1))).toEqual(["Physics"]);
  expect((await deadlinePage(4, 1)).total).toBe(4);
  expect(names(await deadlinePage(5, 1))).toEqual([]);
  expect(names(await search({ open: true }, "deadline", 2))).toEqual(["Design"]);
});

test("paging: a window of the sorted matches with the total", async () => {
  const second = await search({}, "name", 2);
  expect(second.total).toBe(4);
  expect(names(second)).toEqual(["Law", "Physics"]);
  expect(second.items[0]).toMatchObject({
    degree: "LLB",
    duration: 3,
    tuition: "9000.00",
    university: { name: `Alpha ${tag} University`, countryCode: "NZ", ranking: 50, rankingYear: 2026 },
  });
  expect((await search({}, "name", 3)).items).toEqual([]);
});

test("a program whose name and university's name both contain the text is found once", async () => {
  const both = uniqueTag();
  await createUniversity({
    name: `Gamma ${both} Institute`,
    programs: [{ name: `${both} Studies` }, { name: "Other Studies" }],
  });
  const found = await searchPrograms(toProgramCriteria({ q: both }, now), {
    rates: {},
    sort: "name",
    limit: 50,
    offset: 0,
  });
  expect(found.total).toBe(2);
  expect(names(found).sort()).toEqual([`${both} Studies`, "Other Studies"].sort());
});
