import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { TSX_SCRIPT_FLAGS } from "./scripts";

// Jest's module sandbox cannot load PGlite (it imports its WebAssembly dynamically), so tests
// that need an embedded server of their own run `npm run db:serve -- --memory` as a process.

export interface EmbeddedProcess {
  url: string;
  stop(): Promise<void>;
}

export function startEmbeddedProcess(): Promise<EmbeddedProcess> {
  const tsx = join(process.cwd(), "node_modules", ".bin", "tsx");
  const child: ChildProcess = spawn(tsx, [...TSX_SCRIPT_FLAGS, "scripts/db-serve.ts", "--memory"], {
    env: { ...process.env, DATABASE_URL: "", PGLITE_PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.once("exit", (code) => reject(new Error(`db:serve exited with ${code}: ${output}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^ready (\S+)/m.exec(output);
      if (!match) return;
      child.removeAllListeners("exit");
      resolve({
        url: match[1],
        stop: () =>
          new Promise((done) => {
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}

/**
 * The budget of a hook that creates a scratch database: an embedded one is a new process that
 * loads PGlite and migrates, which takes a few seconds idle but over a minute on a busy 2-core
 * machine (seen while other test suites and builds ran).
 */
export const SCRATCH_DATABASE_TIMEOUT = 180_000;

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * An empty database of the test's own, for tests that change schemas: a new database on the
 * PostgreSQL server under test, or a new in-memory embedded database. (PGlite's connections
 * share one session, so a search_path trick would leak into other tests.)
 */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const serverUrl = process.env.INTEGRATION_SERVER_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedProcess();
    return { url: embedded.url, drop: embedded.stop };
  }
  return createDatabaseOn(serverUrl);
}

/** A new empty database on the PostgreSQL server of serverUrl, named `<prefix>_<time>_<random>`. */
export async function createDatabaseOn(
  serverUrl: string,
  prefix = "unisearch_scratch",
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
