import { Client } from "pg";
import { migrateWith, readMigrations } from "@/lib/db/migrate.server";
import { findSchemaDrift, loadSchema } from "../support/schema-drift";
import { createScratchDatabase, SCRATCH_DATABASE_TIMEOUT, type ScratchDatabase } from "../support/databases";

// The hand-written migrations must build exactly what schema.prisma describes.

let client: Client;
let dmmf: Awaited<ReturnType<typeof loadSchema>>;

beforeAll(async () => {
  client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  dmmf = await loadSchema();
});

afterAll(async () => {
  await client?.end();
});

test("the migrated database matches schema.prisma", async () => {
  expect(await findSchemaDrift(client, dmmf)).toEqual([]);
});

describe("the drift check notices", () => {
  // A database migrated from scratch, changed inside transactions that are rolled back.
  let scratch: ScratchDatabase;
  let client: Client;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    client = new Client({ connectionString: scratch.url });
    await client.connect();
    await migrateWith(client, readMigrations());
  }, SCRATCH_DATABASE_TIMEOUT);

  afterAll(async () => {
    await client?.end();
    await scratch?.drop();
  });

  async function driftAfter(change: string): Promise<string[]> {
    await client.query("BEGIN");
    try {
      await client.query(change);
      return await findSchemaDrift(client, dmmf);
    } finally {
      await client.query("ROLLBACK");
    }
  }

  test("a freshly migrated schema has no drift", async () => {
    expect(await findSchemaDrift(client, dmmf)).toEqual([]);
  });

  test.each([
    ["a missing column", `ALTER TABLE users DROP COLUMN "googleId"`, "users.googleId: column missing"],
    [
      "a wrong type",
      `ALTER TABLE programs ALTER COLUMN duration TYPE text`,
      "programs.duration: type is text",
    ],
    [
      "case-sensitive usernames",
      `ALTER TABLE users ALTER COLUMN username TYPE text`,
      "users.username: type is text, schema says citext",
    ],
    [
      "a list of an enum stored as text",
      `ALTER TABLE users ALTER COLUMN permissions DROP DEFAULT, ALTER COLUMN permissions TYPE text[] USING permissions::text[]`,
      "users.permissions: type is text[], schema says enum Permission[]",
    ],
    [
      "a wrong precision",
      `ALTER TABLE programs ALTER COLUMN "applicationFee" TYPE numeric(12,2)`,
      "programs.applicationFee: type is numeric(12,2)",
    ],
    [
      "a wrong nullability",
      `ALTER TABLE users ALTER COLUMN "fullName" DROP NOT NULL`,
      "users.fullName: nullable",
    ],
    [
      "a missing default",
      `ALTER TABLE users ALTER COLUMN "isActive" DROP DEFAULT`,
      "users.isActive: DEFAULT missing",
    ],
    [
      "a wrong default",
      `ALTER TABLE users ALTER COLUMN role SET DEFAULT 'admin'`,
      "users.role: DEFAULT is 'admin'",
    ],
    ["a missing unique constraint", `DROP INDEX users_email_key`, "unique index on users(email): missing"],
    [
      "a missing index",
      `DROP INDEX "universities_countryId_idx"`,
      "normal index on universities(countryId): missing",
    ],
    [
      "a missing name search index",
      `DROP INDEX "universities_searchName_idx"`,
      "normal index on universities(searchName): missing",
    ],
    [
      "a missing full-name search index",
      `DROP INDEX "users_fullName_unaccent_trgm_idx"`,
      "expression index users_fullName_unaccent_trgm_idx on users: missing",
    ],
    [
      "a full-name search index on the accented name",
      `DROP INDEX "users_fullName_unaccent_trgm_idx";
       CREATE INDEX "users_fullName_unaccent_trgm_idx" ON users USING gin ("fullName" gin_trgm_ops)`,
      "expression index users_fullName_unaccent_trgm_idx on users: the database has users USING gin (no expression gin_trgm_ops)",
    ],
    [
      "a full-name search index of another method",
      `DROP INDEX "users_fullName_unaccent_trgm_idx";
       CREATE INDEX "users_fullName_unaccent_trgm_idx" ON users USING gist (immutable_unaccent("fullName") gist_trgm_ops)`,
      'the database has users USING gist (immutable_unaccent("fullName") gist_trgm_ops), expected users USING gin (immutable_unaccent("fullName") gin_trgm_ops)',
    ],
    [
      "a missing search field index",
      `DROP INDEX programs_search_field_law_idx`,
      "partial index programs_search_field_law_idx on programs(level, tuitionUsd, universityId): missing",
    ],
    [
      "a search field index with another predicate",
      `DROP INDEX programs_search_field_law_idx;
       CREATE INDEX programs_search_field_law_idx ON programs (level, "tuitionUsd", "universityId") WHERE name ILIKE '%Laws%'`,
      `WHERE (name ~~* '%Laws%'::text), expected WHERE "archivedAt" IS NULL AND "name" ILIKE '%Law%'`,
    ],
    [
      "a partial index in place of a declared whole-table one",
      `DROP INDEX "programs_deadline_idx"; CREATE INDEX "programs_deadline_idx" ON programs (deadline) WHERE "archivedAt" IS NULL`,
      "normal index on programs(deadline): missing",
    ],
    [
      "an extra column",
      `ALTER TABLE countries ADD COLUMN flag text`,
      "countries.flag: column in the database but not in schema.prisma",
    ],
    [
      "an enum value missing",
      `ALTER TYPE "ApplicationStatus" RENAME VALUE 'in-review' TO 'reviewing'`,
      "enum ApplicationStatus",
    ],
    [
      "a foreign key without cascade",
      `ALTER TABLE programs DROP CONSTRAINT "programs_universityId_fkey";
       ALTER TABLE programs ADD CONSTRAINT "programs_universityId_fkey" FOREIGN KEY ("universityId") REFERENCES universities(id)`,
      "foreign key programs(universityId) -> universities(id): ON DELETE differs",
    ],
    [
      "a foreign key that does not follow renames",
      `ALTER TABLE programs DROP CONSTRAINT "programs_level_fkey";
       ALTER TABLE programs ADD CONSTRAINT "programs_level_fkey" FOREIGN KEY ("level") REFERENCES study_levels(name) ON DELETE RESTRICT`,
      "foreign key programs(level) -> study_levels(name): ON UPDATE differs",
    ],
  ])("%s", async (_name, change, expected) => {
    const drift = await driftAfter(change);
    expect(drift.join("\n")).toContain(expected);
  });
});
