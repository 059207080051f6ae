import { createPrismaClient } from "@/lib/db/client.server";
import { migrate } from "@/lib/db/migrate.server";
import { seed } from "@/lib/db/seed/seed.server";
import { createDatabaseOn, startEmbeddedProcess, type ScratchDatabase } from "../support/databases";

// The load run's database: a new one on the PostgreSQL server (LOAD_DATABASE_URL, else
// DATABASE_URL, else the local test server), or with LOAD_DATABASE=embedded an in-memory
// embedded one (`npm run db:serve -- --memory`); migrated and seeded with the demo data (programs,
// rankings, the demo admins) by the project's own migrate and seed, dropped at the end.

export const DEFAULT_SERVER_URL = "postgresql://postgres@127.0.0.1:5432/test";

export type LoadDatabase = ScratchDatabase;

export async function createLoadDatabase(
  /** A PostgreSQL server's URL, or "embedded". */
  serverUrl: string,
  log: (line: string) => void,
): Promise<LoadDatabase> {
  if (serverUrl === "embedded") {
    const embedded = await startEmbeddedProcess();
    return prepare("the embedded database", embedded.url, embedded.stop, log);
  }
  const database = await createDatabaseOn(serverUrl, "unisearch_load");
  return prepare(`database ${new URL(database.url).pathname.slice(1)}`, database.url, database.drop, log);
}

async function prepare(
  name: string,
  url: string,
  drop: () => Promise<void>,
  log: (line: string) => void,
): Promise<LoadDatabase> {
  try {
    const started = Date.now();
    await migrate(url);
    const prisma = createPrismaClient(url, { max: 2 });
    try {
      const summary = await seed(prisma, { demo: true });
      log(
        `${name}: migrated and seeded in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
          `(${summary.universities} universities, ${summary.programs} programs, ${summary.users} users)`,
      );
    } finally {
      await prisma.$disconnect();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, drop };
}
