import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

// The embedded database: PostgreSQL compiled to WebAssembly (PGlite), served over the
// PostgreSQL wire protocol on loopback so that the app reaches it exactly as it reaches a real
// server, through `pg` and Prisma's pg adapter. PGlite has a single backend; the socket server
// queues the connections onto it and keeps an open transaction to its own connection
// (tests/integration/embedded.test.ts holds it to that).

export interface EmbeddedDatabase {
  /** Connection string for `pg` / Prisma. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Folder for the data files; omitted: in memory. */
  dataDir?: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
}

export async function startEmbeddedDatabase(
  options: EmbeddedDatabaseOptions = {},
): Promise<EmbeddedDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxConnections: 64,
  });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    port,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
