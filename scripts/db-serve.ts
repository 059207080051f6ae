// npm run db:serve: serves the embedded database on 127.0.0.1 until stopped, for psql or a GUI
// (`psql <printed url>`). `--memory` serves a throwaway, empty in-memory database instead.
import "./load-env";
import { startEmbeddedDatabase } from "@/lib/db/embedded.server";
import { serveEmbedded } from "@/lib/db/connection.server";

async function main() {
  const port = Number(process.env.PGLITE_PORT ?? 0);
  const memory = process.argv.includes("--memory");
  const database = memory ? await startEmbeddedDatabase({ port }) : await serveEmbedded({ port });
  // The first line is read by tests; keep its format.
  console.log(`ready ${database.url}`);
  const stop = () => void database.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
