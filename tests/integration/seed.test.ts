import { createPrismaClient } from "@/lib/db/client.server";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { migrate } from "@/lib/db/migrate.server";
import { createScratchDatabase, SCRATCH_DATABASE_TIMEOUT, type ScratchDatabase } from "../support/databases";
import {
  seed,
  readDataset,
  DEMO_ACCOUNTS,
  DEMO_RANKING_SOURCE,
  type SeedSummary,
} from "@/lib/db/seed/seed.server";
import { DEMO_DATA_KEY } from "@/lib/settings/constants";
import { verifyPassword } from "@/lib/auth/password.server";
import { DEGREES, DURATIONS, PROGRAM_FIELDS, SEARCH_FIELDS, STUDY_LEVELS } from "@/lib/constants";

// The demo seed, on a database of its own (other test files add rows to the shared one while
// these run): what a visitor and a demo user meet, and that seeding again adds nothing. The
// production seed (facts only) is tested in production-start.test.ts.

let scratch: ScratchDatabase;
let prisma: PrismaClient;
let firstRun: SeedSummary;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  await migrate(scratch.url);
  prisma = createPrismaClient(scratch.url, { max: 2 });
  firstRun = await seed(prisma, { demo: true });
}, SCRATCH_DATABASE_TIMEOUT);

afterAll(async () => {
  await prisma?.$disconnect();
  await scratch?.drop();
}, SCRATCH_DATABASE_TIMEOUT);

test("every ISO country and all 10,251 universities, each linked to its country", async () => {
  expect(await prisma.country.count()).toBe(250);
  expect(await prisma.university.count()).toBe(10_251);

  const mit = await prisma.university.findUnique({
    where: { slug: "massachusetts-institute-of-technology" },
    include: { country: true },
  });
  expect(mit).toMatchObject({
    name: "Massachusetts Institute of Technology",
    webPage: "http://web.mit.edu/",
    domains: ["mit.edu"],
  });
  expect(mit?.country.code).toBe("US");
});

test("demo mode: generated rankings are labelled as the demo's, descriptions say they are samples, and the database says it is a demo", async () => {
  const ranked = await prisma.university.findMany({
    where: { ranking: { not: null } },
    select: { ranking: true, rankingSource: true, rankingYear: true },
  });
  expect(ranked).toHaveLength(1_000);
  const year = new Date().getUTCFullYear();
  expect(ranked.every((u) => u.rankingSource === DEMO_RANKING_SOURCE && u.rankingYear === year)).toBe(true);
  expect(await prisma.university.count({ where: { description: null } })).toBe(0);
  expect(await prisma.setting.findUnique({ where: { key: DEMO_DATA_KEY } })).toMatchObject({ value: "true" });
});

test("slugs follow the slug rule and stay unique where names repeat", async () => {
  const dataset = readDataset();
  const repeated = dataset
    .filter((u, i) => dataset.findIndex((v) => v.name === u.name) !== i)
    .map((u) => u.name);
  expect(repeated.length).toBeGreaterThanOrEqual(19);
  for (const name of repeated.slice(0, 5)) {
    const rows = await prisma.university.findMany({ where: { name }, select: { slug: true } });
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
  }
  const bad = await prisma.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM universities WHERE slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$'`;
  expect(Number(bad[0].n)).toBe(0);
});

test("every university has 3 to 8 programs with future deadlines and tuition within the slider", async () => {
  const perUniversity = await prisma.$queryRaw<{ min: number; max: number }[]>`
    SELECT min(n)::int AS min, max(n)::int AS max
      FROM (SELECT count(p.id) AS n FROM universities u LEFT JOIN programs p ON p."universityId" = u.id GROUP BY u.id) t`;
  expect(perUniversity[0]).toEqual({ min: 3, max: 8 });

  expect(await prisma.program.count({ where: { deadline: { lte: new Date() } } })).toBe(0);
  expect(
    await prisma.program.count({ where: { OR: [{ tuition: { lt: 0 } }, { tuition: { gt: 100_000 } }] } }),
  ).toBe(0);
});

test("programs cover every level, degree, form field and duration, and cheap and expensive tuition", async () => {
  const distinct = async (column: "level" | "degree" | "field" | "duration") =>
    (await prisma.program.findMany({ distinct: [column], select: { [column]: true } })).map(
      (row) => (row as Record<string, unknown>)[column],
    );
  expect((await distinct("level")).sort()).toEqual([...STUDY_LEVELS].sort());
  expect((await distinct("degree")).sort()).toEqual([...DEGREES].sort());
  expect((await distinct("field")).sort()).toEqual([...PROGRAM_FIELDS].sort());
  expect((await distinct("duration")).sort()).toEqual([...DURATIONS]);

  expect(await prisma.program.count({ where: { tuition: { lte: 2_000 } } })).toBeGreaterThan(1000);
  expect(await prisma.program.count({ where: { tuition: { gte: 70_000 } } })).toBeGreaterThan(1000);
});

test("every search field combined with every search level finds programs (names contain the field)", async () => {
  for (const field of SEARCH_FIELDS) {
    for (const level of STUDY_LEVELS) {
      const count = await prisma.program.count({
        where: {
          name: { contains: field, mode: "insensitive" },
          level,
        },
      });
      expect({ field, level, found: count > 0 }).toEqual({ field, level, found: true });
    }
  }
});

test("demo accounts sign in with the README's passwords, stored as argon2id hashes", async () => {
  for (const account of DEMO_ACCOUNTS) {
    const user = await prisma.user.findUniqueOrThrow({ where: { username: account.username } });
    expect(user).toMatchObject({ role: account.role, adminType: account.adminType, isActive: true });
    expect(user.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.password!, account.password)).toBe(true);
  }
});

test("demo applications exist in every status", async () => {
  const byStatus = await prisma.application.groupBy({ by: ["status"], _count: true });
  expect(byStatus.map((s) => s.status).sort()).toEqual(
    ["approved", "in_review", "pending", "rejected", "sent_to_university"].sort(),
  );
  // Each has a history that starts at pending and ends at its status.
  const applications = await prisma.application.findMany({
    select: {
      status: true,
      events: { orderBy: { createdAt: "asc" }, select: { fromStatus: true, toStatus: true } },
    },
  });
  for (const application of applications) {
    expect(application.events[0]).toEqual({ fromStatus: null, toStatus: "pending" });
    expect(application.events.at(-1)!.toStatus).toBe(application.status);
  }
});

test("the planner's statistics know the seeded catalogue, so a search's plan fits its data at once", async () => {
  // Without them (autovacuum an unknown time away) the planner guessed 0.5% of rows for any
  // country and planned the 2 to 4 s joins that the statistics refresh after a seed avoids.
  const estimate = async (sql: string) => {
    const [row] = await prisma.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[]>(
      `EXPLAIN (FORMAT JSON) ${sql}`,
    );
    return row["QUERY PLAN"][0].Plan["Plan Rows"];
  };
  const us = await prisma.country.findUniqueOrThrow({ where: { code: "US" } });
  const inUs = await prisma.university.count({ where: { countryId: us.id } });
  const estimated = await estimate(`SELECT * FROM "universities" WHERE "countryId" = ${us.id}`);
  expect(estimated / inUs).toBeGreaterThan(0.8);
  expect(estimated / inUs).toBeLessThan(1.25);
});

test("seeding again adds nothing, also after an admin renamed a university of the list", async () => {
  expect(firstRun).toMatchObject({ countries: 250, universities: 10_251, users: DEMO_ACCOUNTS.length });
  const renamed = await prisma.university.findFirstOrThrow({ orderBy: { id: "desc" } });
  // What a rename through the admin form does: a new name and slug, the old slug kept.
  await prisma.university.update({
    where: { id: renamed.id },
    data: { name: `${renamed.name} Renamed`, slug: `${renamed.slug}-renamed`, editedAt: new Date() },
  });
  await prisma.universitySlug.create({ data: { slug: renamed.slug, universityId: renamed.id } });
  expect(await seed(prisma, { demo: true })).toEqual(firstRun);
  expect(await prisma.university.count({ where: { name: renamed.name } })).toBe(0);
});
