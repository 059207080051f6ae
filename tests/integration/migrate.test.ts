import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { MIGRATIONS_DIR, migrateWith, readMigrations } from "@/lib/db/migrate.server";
import { createScratchDatabase, SCRATCH_DATABASE_TIMEOUT, type ScratchDatabase } from "../support/databases";

// The runner records migrations the way Prisma Migrate does, so `prisma migrate deploy` on a
// host with Prisma's engine treats them as applied.

let scratch: ScratchDatabase;
let client: Client;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  client = new Client({ connectionString: scratch.url });
  await client.connect();
}, SCRATCH_DATABASE_TIMEOUT);

afterAll(async () => {
  await client?.end();
  await scratch?.drop();
});

test("applies every migration once and records it as Prisma does", async () => {
  const migrations = readMigrations();
  expect(migrations.length).toBeGreaterThan(0);

  const first = await migrateWith(client, migrations);
  expect(first.applied).toEqual(migrations.map((m) => m.name));

  const { rows } = await client.query(
    `SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count, length(id) AS id_length
       FROM "_prisma_migrations" ORDER BY migration_name`,
  );
  expect(rows).toHaveLength(migrations.length);
  for (const [i, row] of rows.entries()) {
    const sql = readFileSync(join(MIGRATIONS_DIR, migrations[i].name, "migration.sql"));
    expect(row.migration_name).toBe(migrations[i].name);
    expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
    expect(row.finished_at).toBeInstanceOf(Date);
    expect(row.rolled_back_at).toBeNull();
    expect(row.applied_steps_count).toBe(1);
    expect(row.id_length).toBe(36);
  }

  const second = await migrateWith(client, migrations);
  expect(second).toEqual({ applied: [], alreadyApplied: migrations.map((m) => m.name) });
});

test("a failing migration changes nothing and is not recorded", async () => {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  try {
    mkdirSync(join(dir, "20990101000000_broken"));
    writeFileSync(
      join(dir, "20990101000000_broken", "migration.sql"),
      `CREATE TABLE "half_done" ("id" INTEGER);\nALTER TABLE "no_such_table" ADD COLUMN "x" INTEGER;`,
    );
    await expect(migrateWith(client, readMigrations(dir))).rejects.toThrow(/20990101000000_broken failed/);

    const table = await client.query(`SELECT to_regclass('half_done') AS t`);
    expect(table.rows[0].t).toBeNull();
    const recorded = await client.query(
      `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '20990101000000_broken'`,
    );
    expect(recorded.rows).toHaveLength(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
