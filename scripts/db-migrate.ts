// npm run db:migrate: applies prisma/migrations to DATABASE_URL, or to the embedded database.
import "./load-env";
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { migrate } from "@/lib/db/migrate.server";

withDatabaseUrl(async (url, mode) => {
  const result = await migrate(url);
  console.log(
    `${mode} database: ${result.applied.length} migration(s) applied` +
      (result.applied.length ? ` (${result.applied.join(", ")})` : "") +
      `, ${result.alreadyApplied.length} already applied`,
  );
}).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
