// npm run test:load: deadline day on a production build over PostgreSQL, then its faults.
//   LOAD_STUDENTS (100), LOAD_SECONDS (60), LOAD_THINK_MS (1000, a student's pause between
//   actions), LOAD_PROGRAMS (12), LOAD_FAULT_STUDENTS (10 per fault), LOAD_OUTAGE_SECONDS (8),
//   LOAD_PORT (3300; the SMTP capture takes the next), LOAD_DATABASE_URL (else DATABASE_URL, else
//   postgresql://postgres@127.0.0.1:5432/test): the server a database of the run's own is made on;
//   LOAD_DATABASE=embedded: an in-memory embedded database (PGlite) instead.
// Phases: the load, then the database refusing connections mid-load, then the app killed
// (SIGKILL) mid-submission and restarted; the database is checked after each.
// Everything listens on 127.0.0.1 and stops by itself; the database is dropped at the end. Exits
// non-zero on any integrity failure, unexpected answer (a 5xx above all) or failed fault check.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSmtpCapture } from "../support/smtp-capture";
import { createLoadDatabase, DEFAULT_SERVER_URL } from "./database";
import { Recorder, Session } from "./http";
import { checkIntegrity, type IntegrityReport } from "./integrity";
import { ensureBuild, startApp, startTcpProxy, type App } from "./processes";
import { printFault, printIntegrity, printRequests } from "./report";
import { databaseOutage, killMidSubmission } from "./faults";
import { admin, DEMO_ADMINS, Ledger, prepare, student, type World } from "./scenario";

const STUDENTS = Number(process.env.LOAD_STUDENTS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const PROGRAMS = Number(process.env.LOAD_PROGRAMS ?? 12);
const PORT = Number(process.env.LOAD_PORT ?? 3300);
const FAULT_STUDENTS = Number(process.env.LOAD_FAULT_STUDENTS ?? 10);
const OUTAGE_SECONDS = Number(process.env.LOAD_OUTAGE_SECONDS ?? 8);
const SERVER_URL =
  process.env.LOAD_DATABASE === "embedded"
    ? "embedded"
    : process.env.LOAD_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_SERVER_URL;

const log = (line: string) => console.log(`[load] ${line}`);

async function main() {
  const failures: string[] = [];
  const workDir = mkdtempSync(join(tmpdir(), "unisearch-load-"));
  const logFile = join(workDir, "server.log");
  const documentsDir = join(workDir, "documents");
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    ensureBuild(log);
    const database = await createLoadDatabase(SERVER_URL, log);
    cleanups.unshift(database.drop);
    const proxy = await startTcpProxy(database.url);
    cleanups.unshift(proxy.stop);
    const smtp = await startSmtpCapture(PORT + 1);
    cleanups.unshift(smtp.stop);
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: proxy.url,
      AUTH_SECRET: "load-test-only-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      APP_URL: `http://127.0.0.1:${PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${PORT + 1}`,
      // Each simulated student sends its own address in X-Forwarded-For, as one proxy would.
      TRUSTED_PROXIES: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "info",
      DOCUMENTS_DIR: documentsDir,
    };
    const start = () => startApp({ port: PORT, env, logFile });
    let app: App = await start();
    cleanups.unshift(() => app.kill("SIGTERM"));
    log(`next start on ${app.baseUrl}, database through a proxy at ${proxy.url.replace(/\/[^/]*$/, "")}`);

    const recorder = new Recorder();
    const ledger = new Ledger();
    const setup = new Session(app.baseUrl, new Recorder(), "127.0.0.1");
    const { programs, slugs, cv } = await prepare(setup, PROGRAMS);
    const world: World = {
      baseUrl: app.baseUrl,
      recorder,
      ledger,
      programs,
      slugs,
      cv,
      runId: Date.now().toString(36),
      thinkMs: THINK_MS,
      until: performance.now() + SECONDS * 1000,
    };

    log(`${STUDENTS} students and ${DEMO_ADMINS.length} admins for ${SECONDS} s`);
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: STUDENTS }, (_, i) => student(world, i)),
      ...DEMO_ADMINS.map((credentials) => admin(world, credentials)),
    ]);
    const elapsed = (performance.now() - started) / 1000;
    printRequests(recorder.samples, elapsed, log);
    for (const [what, n] of ledger.unexpected) failures.push(`unexpected answer: ${what} (${n}×)`);

    const check = async () => {
      const integrity: IntegrityReport = await checkIntegrity(database.url, ledger, setup, documentsDir);
      printIntegrity(integrity, log);
      failures.push(...integrity.failures);
    };
    await check();

    const outage = await databaseOutage(world, proxy, {
      firstStudent: STUDENTS,
      students: FAULT_STUDENTS,
      outageMs: OUTAGE_SECONDS * 1000,
    });
    printFault(outage, log);
    failures.push(...outage.failures);
    await check();

    const killed = await killMidSubmission(world, app, start, {
      firstStudent: STUDENTS + FAULT_STUDENTS,
      students: FAULT_STUDENTS,
    });
    app = killed.app;
    printFault(killed.report, log);
    failures.push(...killed.report.failures);
    await check();
  } finally {
    for (const cleanup of cleanups)
      await cleanup().catch((error: unknown) => log(`clean-up: ${String(error)}`));
  }
  if (failures.length) {
    log(`FAILED (${failures.length}):`);
    for (const failure of failures.slice(0, 50)) log(`  ${failure}`);
    log(`the server's log is kept in ${logFile}`);
    process.exit(1);
  }
  rmSync(workDir, { recursive: true, force: true });
  log("passed");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
