// Runs a command (`next dev`, `next start`) with a database. DATABASE_URL set: that PostgreSQL,
// as is. Unset: the embedded database in PGLITE_DATA_DIR (default .data/pglite) is started on
// loopback, migrated, seeded with demo data when empty, and handed to the command as DATABASE_URL.
import "./load-env";
import { spawn } from "node:child_process";
import { createPrismaClient } from "@/lib/db/client";
import { serveEmbedded } from "@/lib/db/connection";
import { seed } from "@/lib/db/seed";

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error("usage: with-db <command> [args...]");

  let stopDatabase: (() => Promise<void>) | undefined;
  const env = { ...process.env };
  if (!env.DATABASE_URL) {
    const started = Date.now();
    const database = await serveEmbedded({ port: Number(env.PGLITE_PORT ?? 0) });
    stopDatabase = database.stop;
    env.DATABASE_URL = database.url;
    const prisma = createPrismaClient(database.url, { max: 2 });
    try {
      if ((await prisma.country.count()) === 0) {
        console.log("Embedded database is empty: seeding demo data (once, a few seconds)...");
        const summary = await seed(prisma, { log: (m) => console.log(`  ${m}`) });
        console.log(`  seeded ${summary.universities} universities, ${summary.programs} programs`);
      }
    } finally {
      await prisma.$disconnect();
    }
    console.log(`Embedded database ready on 127.0.0.1:${database.port} in ${Date.now() - started} ms`);
  }

  const child = spawn(command, args, { stdio: "inherit", env, shell: process.platform === "win32" });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopDatabase?.();
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      child.kill(signal);
    });
  }
  child.on("exit", (code, signal) => void stop(code ?? (signal ? 1 : 0)));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
