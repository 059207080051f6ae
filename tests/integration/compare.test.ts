import { prisma } from "@/lib/db/client.server";
import { parseCompareIds } from "@/lib/programs/compare-ids";
import { COMPARE_UNAVAILABLE, getProgramsToCompare } from "@/lib/programs/queries.server";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";

// /compare's input rules on the database: parseCompareIds (unit-tested) picks 2 to 4 ids, then
// every one must be a live program.

const tag = uniqueTag();
let ids: number[];

beforeAll(async () => {
  const university = await createUniversity({
    name: `Compare ${tag} University`,
    ranking: 12,
    rankingSource: "QS",
    rankingYear: 2026,
    programs: [
      { name: "One", degree: "MSc", tuition: 12_000.5, duration: 2 },
      { name: "Two", degree: "BA" },
      { name: "Three", degree: "MBA" },
      { name: "Gone", degree: "BSc" },
    ],
  });
  ids = university.programs.map((p) => p.id);
  await prisma.program.update({ where: { id: ids[3] }, data: { archivedAt: new Date() } });
});

afterAll(cleanup);

async function compare(value: string) {
  const requested = parseCompareIds(value);
  return requested.ok ? getProgramsToCompare(requested.ids) : requested;
}

test("three live programs: in the order of the link, with the university's ranking", async () => {
  const result = await compare(`${ids[2]},${ids[0]},${ids[1]}`);
  if (!result.ok) throw new Error(result.message);
  expect(result.programs.map((p) => p.name)).toEqual(["Three", "One", "Two"]);
  expect(result.programs[1]).toMatchObject({
    tuition: "12000.50",
    duration: 2,
    university: { name: `Compare ${tag} University`, ranking: 12, rankingSource: "QS", rankingYear: 2026 },
  });
});

test("an archived or unknown id: a message instead of a partial comparison", async () => {
  expect(await compare(`${ids[0]},${ids[3]}`)).toEqual({ ok: false, message: COMPARE_UNAVAILABLE(1) });
  expect(await compare(`${ids[0]},${ids[3]},2147483000`)).toEqual({
    ok: false,
    message: COMPARE_UNAVAILABLE(2),
  });
});

test("fewer than 2 or more than 4 ids never reach the database", async () => {
  expect((await compare(`${ids[0]}`)).ok).toBe(false);
  expect((await compare(`${ids.join(",")},2147483000`)).ok).toBe(false);
});
