import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { Client } from "pg";

// Applies prisma/migrations the way `prisma migrate deploy` does and records them in the same
// `_prisma_migrations` table (same columns, SHA-256 checksum of migration.sql), so a host that has
// Prisma's schema engine sees them as applied. We need our own runner because that engine cannot
// be downloaded on every machine we develop on.

export const MIGRATIONS_DIR = join(process.cwd(), "prisma", "migrations");

// Prisma's own definition of the table.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

// Any constant works; it keeps two runners (two app servers starting at once) from racing.
const ADVISORY_LOCK_KEY = 72707369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

// The folder is read at run time, so the build's file tracing is told to leave these reads alone
// (it would trace the whole project); next.config.js's outputFileTracingIncludes adds the folder
// to the standalone server instead.

/** The migrations of the folder, by name, in the order they apply (without reading their SQL). */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(/* turbopackIgnore: true */ dir, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(/* turbopackIgnore: true */ join(dir, entry.name, "migration.sql")),
    )
    .map((entry) => entry.name)
    .sort();
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return migrationNames(dir).map((name) => {
    const sql = readFileSync(/* turbopackIgnore: true */ join(dir, name, "migration.sql"), "utf8");
    return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
  });
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: string[];
}

export async function migrate(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<MigrateResult> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await migrateWith(client, readMigrations(dir));
  } finally {
    await client.end();
  }
}

export async function migrateWith(client: Client, migrations: Migration[]): Promise<MigrateResult> {
  await client.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
  try {
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
    }>(`SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`);
    const recorded = new Map(rows.map((row) => [row.migration_name, row]));

    const result: MigrateResult = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      const row = recorded.get(migration.name);
      if (row?.finished_at) {
        if (row.checksum !== migration.checksum) {
          console.warn(`warning: migration ${migration.name} was modified after it was applied`);
        }
        result.alreadyApplied.push(migration.name);
        continue;
      }
      if (row) {
        throw new Error(
          `Migration ${migration.name} failed earlier and is recorded as unfinished. ` +
            "Fix the database, then delete its row from _prisma_migrations.",
        );
      }
      await applyOne(client, migration);
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]);
  }
}

async function applyOne(client: Client, migration: Migration) {
  const id = randomUUID();
  // One transaction: a migration applies completely or not at all.
  await client.query("BEGIN");
  try {
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
      [id, migration.checksum, migration.name],
    );
    await client.query(migration.sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
}
