import "server-only";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { join, resolve } from "node:path";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded.server";
import { migrate } from "./migrate.server";

// How the project's scripts find their database: DATABASE_URL when set; otherwise the embedded
// database, either the one a running `npm run dev` already serves (its address is in
// .data/pglite.server.json) or one started for the script's own duration.

export function embeddedDataDir(): string {
  return resolve(process.env.PGLITE_DATA_DIR || join(".data", "pglite"));
}

/** Beside the data folder: where a serving process publishes its address. */
function infoFile(dataDir: string) {
  return `${dataDir}.server.json`;
}

interface ServerInfo {
  url: string;
  port: number;
  pid: number;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** The address of an embedded database another process is serving from this data folder. */
export async function findRunningEmbedded(dataDir = embeddedDataDir()): Promise<string | null> {
  const file = infoFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, "utf8")) as ServerInfo;
    if (info.pid !== process.pid && isAlive(info.pid) && (await canConnect(info.port))) return info.url;
  } catch {
    // An unreadable or stale file: nobody is serving.
  }
  return null;
}

export interface ServedEmbedded extends EmbeddedDatabase {
  /** True when this start found an empty database and applied the first migrations. */
  wasEmpty: boolean;
}

/** Starts the embedded database on its data folder, migrates it and publishes its address. */
export async function serveEmbedded(
  options: { dataDir?: string; port?: number } = {},
): Promise<ServedEmbedded> {
  const dataDir = options.dataDir ?? embeddedDataDir();
  const running = await findRunningEmbedded(dataDir);
  if (running) {
    throw new Error(
      `The embedded database in ${dataDir} is already served by another process (${running}). ` +
        "Stop it first, or set PGLITE_DATA_DIR to use another folder.",
    );
  }
  const database = await startEmbeddedDatabase({ dataDir, port: options.port ?? 0 });
  const file = infoFile(dataDir);
  try {
    const result = await migrate(database.url);
    writeFileSync(file, JSON.stringify({ url: database.url, port: database.port, pid: process.pid }));
    const wasEmpty = result.alreadyApplied.length === 0 && result.applied.length > 0;
    return {
      ...database,
      wasEmpty,
      async stop() {
        rmSync(file, { force: true });
        await database.stop();
      },
    };
  } catch (error) {
    await database.stop();
    throw error;
  }
}

/**
 * Runs `task` with a database URL: DATABASE_URL, the embedded database a dev server is serving,
 * or an embedded database started (and migrated) for the task.
 */
export async function withDatabaseUrl<T>(
  task: (url: string, mode: "postgres" | "embedded") => Promise<T>,
): Promise<T> {
  if (process.env.DATABASE_URL) return task(process.env.DATABASE_URL, "postgres");
  const running = await findRunningEmbedded();
  if (running) return task(running, "embedded");
  const database = await serveEmbedded();
  try {
    return await task(database.url, "embedded");
  } finally {
    await database.stop();
  }
}
