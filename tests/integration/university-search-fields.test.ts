import { prisma } from "@/lib/db/client.server";
import { SEARCH_FIELDS, STUDY_LEVELS } from "@/lib/constants";
import { toSearchCriteria } from "@/lib/universities/criteria";
import { SEARCH_FIELD_INDEXES } from "@/lib/universities/field-match";
import { countQuery, searchUniversities } from "@/lib/universities/search.server";
import { cleanup, createUniversity, uniqueTag } from "../support/factories";

// The field filter (a live program whose name contains the field, any case) is answered from a
// partial index per field. PostgreSQL reads such an index only when the query's condition is its
// predicate, so a change to either that breaks the match would silently bring back the slow plan.

const tag = uniqueTag();

beforeAll(async () => {
  await createUniversity({
    name: `Fields ${tag} Upper`,
    programs: [{ name: "INTERNATIONAL LAW", degree: "MA" }],
  });
  const archived = await createUniversity({
    name: `Fields ${tag} Archived`,
    programs: [
      { name: "Business Law", degree: "MA" },
      { name: "Nursing", degree: "MA" },
    ],
  });
  await prisma.program.updateMany({
    where: { universityId: archived.id, name: "Business Law" },
    data: { archivedAt: new Date() },
  });
});

afterAll(cleanup);

async function names(filters: Parameters<typeof toSearchCriteria>[0]) {
  const { items } = await searchUniversities(toSearchCriteria({ q: `Fields ${tag}`, ...filters }), {
    sort: "name",
    limit: 20,
    offset: 0,
  });
  return items.map((item) => item.name.replace(`Fields ${tag} `, ""));
}

test("a field matches live programs whose name contains it in any case", async () => {
  expect(await names({ field: "Law" })).toEqual(["Upper"]);
  expect(await names({ field: "Law", level: "Master's" })).toEqual(["Upper"]);
  expect(await names({ field: "Law", level: "Bachelor's" })).toEqual([]);
});

/** The index names in the count's plan when the planner may not scan the tables or use bitmaps. */
async function indexesOfCountPlan(filters: Parameters<typeof toSearchCriteria>[0]): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
    await tx.$executeRawUnsafe("SET LOCAL enable_bitmapscan = off");
    const [row] = await tx.$queryRaw<{ "QUERY PLAN": unknown }[]>`
      EXPLAIN (FORMAT JSON) ${countQuery(toSearchCriteria(filters))}`;
    return [...JSON.stringify(row["QUERY PLAN"]).matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]);
  });
}

test.each(SEARCH_FIELDS.map((field, i) => [field, STUDY_LEVELS[i % STUDY_LEVELS.length]]))(
  "the count of a search by field %s (and level %s) can read the field's partial index",
  async (field, level) => {
    const index = SEARCH_FIELD_INDEXES[SEARCH_FIELDS.indexOf(field)].name;
    expect(await indexesOfCountPlan({ field })).toContain(index);
    expect(await indexesOfCountPlan({ field, level, cost: 30_000 })).toContain(index);
  },
);
