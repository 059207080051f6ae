import { Client } from "pg";
import { createPrismaClient } from "@/lib/db/client.server";
import { migrate } from "@/lib/db/migrate.server";
import { searchAdminUniversities } from "@/lib/universities/search.server";
import { createScratchDatabase, SCRATCH_DATABASE_TIMEOUT, type ScratchDatabase } from "../support/databases";
import { describeOnPostgres } from "../support/postgres-only";

// Timestamps are stored without a time zone and hold UTC; SQL that converts them (`AT TIME ZONE`,
// `now()` into such a column) reads the session's time zone. The app's connections set it to UTC,
// so a server whose default is another zone changes nothing.

test("the app's connection to the test database speaks UTC", async () => {
  const prisma = createPrismaClient(process.env.DATABASE_URL!, { max: 1 });
  try {
    const [{ zone }] = await prisma.$queryRaw<{ zone: string }[]>`SELECT current_setting('TimeZone') AS zone`;
    expect(zone).toBe("UTC");
  } finally {
    await prisma.$disconnect();
  }
});

describeOnPostgres("on a server whose default time zone is Asia/Tokyo", () => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const admin = new Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      await admin.query(
        `ALTER DATABASE "${new URL(scratch.url).pathname.slice(1)}" SET timezone = 'Asia/Tokyo'`,
      );
    } finally {
      await admin.end();
    }
    await migrate(scratch.url);
  }, SCRATCH_DATABASE_TIMEOUT);
  afterAll(async () => {
    delete (globalThis as { prisma?: unknown }).prisma;
    await scratch?.drop();
  });

  test("the admin list shows an archive time as stored, and now() is the UTC time", async () => {
    // The app's client (lib/db/client.server) reads DATABASE_URL when first used.
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = scratch.url;
    const prisma = createPrismaClient(scratch.url, { max: 2 });
    (globalThis as { prisma?: unknown }).prisma = prisma;
    try {
      const archivedAt = new Date("2031-01-02T03:04:05.678Z");
      const country = await prisma.country.create({ data: { code: "TZ", name: "Time Zone Land" } });
      await prisma.university.create({
        data: { name: "Zone University", slug: "zone-university", countryId: country.id, archivedAt },
      });
      const page = await searchAdminUniversities(
        { nameContains: "Zone University" },
        { limit: 10, offset: 0 },
      );
      expect(page.items.map((u) => u.archivedAt)).toEqual([archivedAt.toISOString()]);

      // The import stamps "updatedAt" with now() (a timestamp column holding UTC).
      const before = Date.now();
      await prisma.$executeRaw`UPDATE "universities" SET "updatedAt" = now() WHERE "slug" = 'zone-university'`;
      const { updatedAt } = await prisma.university.findUniqueOrThrow({ where: { slug: "zone-university" } });
      expect(Math.abs(updatedAt.getTime() - before)).toBeLessThan(60_000);
    } finally {
      await prisma.$disconnect();
      delete (globalThis as { prisma?: unknown }).prisma;
      process.env.DATABASE_URL = previous;
    }
  });
});
