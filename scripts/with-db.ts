// Runs a command (`next dev`, `next start`) with a database. DATABASE_URL set: that PostgreSQL,
// as is. Unset: the embedded database in PGLITE_DATA_DIR (default .data/pglite) is started on
// loopback, migrated, seeded when empty, and handed to the command as DATABASE_URL. The demo
// data (generated programs and rankings, demo accounts) is seeded only in development (`next
// dev`) or with DEMO_DATA=1, never by a production start (`next start`) on its own
// (lib/db/seed/demo.ts). Either way, a database with
// no admin gets a hint on how to create one, and a production start warns about demo accounts
// left from earlier that still have their published passwords.
import "./load-env";
import { spawn } from "node:child_process";
import { createPrismaClient } from "@/lib/db/client.server";
import { serveEmbedded } from "@/lib/db/connection.server";
import { isProductionStart, wantsDemoData } from "@/lib/db/seed/demo";
import { reportDemoPasswords, reportMissingAdmin, seedIfEmpty } from "@/lib/db/startup.server";

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error("usage: with-db <command> [args...]");

  let stopDatabase: (() => Promise<void>) | undefined;
  const env = { ...process.env };
  const production = isProductionStart([command, ...args], env);
  const demo = wantsDemoData({ production, env });
  const log = (message: string) => console.log(message);
  if (!env.DATABASE_URL) {
    const started = Date.now();
    const database = await serveEmbedded({ port: Number(env.PGLITE_PORT ?? 0) });
    stopDatabase = database.stop;
    env.DATABASE_URL = database.url;
    const prisma = createPrismaClient(database.url, { max: 2 });
    try {
      const summary = await seedIfEmpty(prisma, { demo, log });
      if (summary) {
        log(
          `  seeded ${summary.universities} universities, ${summary.programs} programs, ${summary.users} users`,
        );
      }
      await reportMissingAdmin(prisma, log);
      if (production && !demo) await reportDemoPasswords(prisma, log);
    } finally {
      await prisma.$disconnect();
    }
    log(`Embedded database ready on 127.0.0.1:${database.port} in ${Date.now() - started} ms`);
  } else {
    // A PostgreSQL of its own: migrated and seeded by `npm run db:migrate` / `db:seed`, not here.
    const prisma = createPrismaClient(env.DATABASE_URL, { max: 1 });
    try {
      // A hint only: an unreachable or unmigrated database is the server's to report, and a
      // slow one does not hold up the start.
      const timeout = new Promise<void>((done) => setTimeout(done, 5_000).unref());
      const report = async () => {
        await reportMissingAdmin(prisma, log);
        if (production && !demo) await reportDemoPasswords(prisma, log);
      };
      await Promise.race([report().catch(() => {}), timeout]);
    } finally {
      void prisma.$disconnect().catch(() => {});
    }
  }

  const child = spawn(command, args, { stdio: "inherit", env, shell: process.platform === "win32" });
  let stopping = false;
  // The embedded database is stopped only once Next has exited: while Next shuts down, it still
  // answers the requests in flight, and they need the database (lib/shutdown.server.ts).
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (stopDatabase) {
      await stopDatabase();
      log("Embedded database stopped");
    }
    process.exit(code);
  };
  // A signal to this process (from npm, which `npm start` runs it under, or from whatever started
  // it) goes on to Next, which shuts down; this process exits after it.
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
