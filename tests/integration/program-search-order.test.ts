import { prisma } from "@/lib/db/client.server";
import { deadlineOpen } from "@/lib/dates/sql.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { toProgramCriteria } from "@/lib/programs/criteria";
import { listPrograms } from "@/lib/programs/queries.server";
import { searchPrograms } from "@/lib/programs/search.server";
import type { ProgramSort } from "@/lib/programs/search-params";
import { cleanup, createUniversity, uniqueTag, type ProgramSpec } from "../support/factories";

// The program lists read each run of their order on its own (open, then closed; in the ranking
// sort ranked universities' programs, then the others; a text's program-name and university-name
// halves) and merge only what a page needs. Every page, from every offset, must be the window of
// the one order the lists always had: open programs first, then the sort's keys, then the id.

const tag = uniqueTag();
const DAY_MS = 86_400_000;
const today = new Date();
const day = (days: number) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + days * DAY_MS);

/** Programs named with the tag (matched by their name) and without it (by their university's). */
const programs = (prefix: string): ProgramSpec[] => [
  { name: `Alpha ${tag}`, degree: "MSc", tuition: 9_000, deadline: day(30) },
  { name: `Beta ${tag}`, degree: "BSc", tuition: 9_000, deadline: day(10) },
  { name: `${prefix} Closed ${tag}`, degree: "MA", tuition: 1_000, deadline: day(-20) },
  { name: `Gamma ${prefix}`, degree: "PhD", tuition: 4_000, deadline: day(30) },
  { name: `Alpha ${tag}`, degree: "BA", tuition: 12_000, deadline: day(-5) },
];

beforeAll(async () => {
  await createUniversity({ name: `Order ${tag} First`, ranking: 2, programs: programs("First") });
  // The same ranking: its programs mix with the first's by name, then id.
  await createUniversity({ name: `Order ${tag} Second`, ranking: 2, programs: programs("Second") });
  await createUniversity({ name: `Order ${tag} Top`, ranking: 1, programs: programs("Top") });
  // A ranking without its source does not count: unranked.
  await createUniversity({
    name: `Order ${tag} Sourceless`,
    ranking: 1,
    rankingSource: null,
    programs: programs("Sourceless"),
  });
  await createUniversity({ name: `Order ${tag} Unranked`, programs: programs("Unranked") });
  // Matched by program name only.
  await createUniversity({
    name: `Elsewhere ${uniqueTag()}`,
    ranking: 3,
    programs: [{ name: `Delta ${tag}`, degree: "MBA", tuition: 500, deadline: day(3) }],
  });
});

afterAll(cleanup);

const ORDER_KEYS: Record<ProgramSort, Prisma.Sql> = {
  deadline: Prisma.sql`p."deadline", p."id"`,
  tuition: Prisma.sql`p."tuition", p."id"`,
  name: Prisma.sql`p."name", p."id"`,
  ranking: Prisma.sql`(CASE WHEN u."rankingSource" IS NOT NULL THEN u."ranking" END) NULLS LAST, p."name", p."id"`,
};

/** The order of old: one ORDER BY over every match, open programs first. */
async function expectedOrder(sort: ProgramSort, now: Date): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT p."id" FROM "programs" p JOIN "universities" u ON u."id" = p."universityId"
     WHERE p."archivedAt" IS NULL AND (p."name" ILIKE ${`%${tag}%`} OR u."name" ILIKE ${`%${tag}%`})
     ORDER BY (CASE WHEN ${deadlineOpen(now)} THEN 0 ELSE 1 END), ${ORDER_KEYS[sort]}`;
  return rows.map((row) => row.id);
}

describe.each(["deadline", "tuition", "name", "ranking"] as const)("sorted by %s", (sort) => {
  test("every page from every offset is the window of the one order", async () => {
    const now = new Date();
    const expected = await expectedOrder(sort, now);
    expect(expected.length).toBe(26);
    for (const limit of [3, 7]) {
      for (let offset = 0; offset <= expected.length + limit; offset++) {
        const page = await searchPrograms(toProgramCriteria({ q: tag }, now), {
          sort,
          limit,
          offset,
          now,
          rates: {},
        });
        expect({ offset, limit, ids: page.items.map((item) => item.id) }).toEqual({
          offset,
          limit,
          ids: expected.slice(offset, offset + limit),
        });
        expect(page.total).toBe(expected.length);
        expect(page.approximate).toBeFalsy();
      }
    }
  });
});

test.each([
  ["newest", Prisma.sql`p."id" DESC`],
  ["university", Prisma.sql`p."universityId", p."id"`],
] as const)("the program lists in the %s order, with a text, from every offset", async (order, keys) => {
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT p."id" FROM "programs" p JOIN "universities" u ON u."id" = p."universityId"
     WHERE p."archivedAt" IS NULL AND (p."name" ILIKE ${`%${tag}%`} OR u."name" ILIKE ${`%${tag}%`})
     ORDER BY ${keys}`;
  const expected = rows.map((row) => row.id);
  for (let offset = 0; offset <= expected.length + 4; offset++) {
    const page = await listPrograms({ search: tag, order, limit: 4, offset });
    expect({ offset, ids: page.items.map((item) => item.id) }).toEqual({
      offset,
      ids: expected.slice(offset, offset + 4),
    });
    expect(page.total).toBe(expected.length);
  }
});
