// npm run test:restore: a backup made as README's Backups section says restores into a working
// site. On the PostgreSQL server of RESTORE_DATABASE_URL (else DATABASE_URL, else the local test
// server): a new database, migrated and seeded with the demo data (universities, programs,
// accounts, applications), is dumped with `pg_dump --format=custom`, restored with `pg_restore`
// into another new database, and then
//   - every table of both (the app's and the mail queue's) has the same rows (count and checksum);
//   - the production build, started on each in turn, answers the same: the public pages, sign-in
//     of a student and an admin, the student's applications and the admin dashboard's counts.
// Both databases and the dump are removed at the end. Needs pg_dump and pg_restore (PATH, or
// PG_BIN: the folder holding them) of the server's major version or newer.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/seed.server";
import { createLoadDatabase, DEFAULT_SERVER_URL } from "../load/database";
import { Recorder, Session } from "../load/http";
import { ensureBuild, startApp } from "../load/processes";
import { createDatabaseOn } from "../support/databases";
import { freePort } from "../support/smtp-capture";

const SERVER_URL = process.env.RESTORE_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_SERVER_URL;
const log = (line: string) => console.log(`[restore] ${line}`);
const bin = (name: string) => (process.env.PG_BIN ? join(process.env.PG_BIN, name) : name);

/** Every table's row count and a checksum of its rows, by schema-qualified name. */
async function tableContents(url: string): Promise<Record<string, string>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
        WHERE schemaname IN ('public', 'pgboss') ORDER BY 1`,
    );
    const contents: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ count: string; sum: string | null }>(
        `SELECT count(*)::text AS count, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS sum FROM ${name} t`,
      );
      contents[name] = `${rows[0].count} rows, ${rows[0].sum ?? "empty"}`;
    }
    return contents;
  } finally {
    await client.end();
  }
}

function password(username: string): string {
  return DEMO_ACCOUNTS.find((account) => account.username === username)!.password;
}

/** What a person and an admin see of the site: statuses, titles, counts. */
async function observe(url: string, workDir: string, label: string): Promise<Record<string, unknown>> {
  const port = await freePort();
  const app = await startApp({
    port,
    logFile: join(workDir, `${label}.log`),
    env: {
      NODE_ENV: "production",
      DATABASE_URL: url,
      AUTH_SECRET: "restore-test-only-secret-0123456789abcdefghijklmnopqr",
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      UPLOADS_DIR: join(workDir, "uploads"),
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  try {
    const recorder = new Recorder();
    const seen: Record<string, unknown> = {};
    const page = async (session: Session, path: string) => {
      const answer = await session.send("page", "GET", path);
      seen[`GET ${path}`] = `${answer.status} ${/<title>([^<]*)<\/title>/.exec(answer.text)?.[1] ?? ""}`;
      return answer;
    };
    const visitor = new Session(app.baseUrl, recorder, "10.9.0.1");
    await page(visitor, "/");
    await page(visitor, "/universities/search");
    await page(visitor, "/universities/search?q=university");
    await page(visitor, "/programs");

    const student = new Session(app.baseUrl, recorder, "10.9.0.2");
    const login = await student.send("login", "POST", "/api/login", {
      json: { username: "student", password: password("student") },
    });
    seen["student signs in"] = login.status;
    const applications = await student.send("applications", "GET", "/api/applications?limit=100");
    const list = applications.json<{ id: number; university: { slug: string } }[]>();
    seen["student's applications"] = {
      status: applications.status,
      total: applications.headers.get("x-total-count"),
      ids: list.map((application) => application.id).sort((a, b) => a - b),
    };
    await page(student, "/user/applications");
    if (list[0]) await page(visitor, `/university/${list[0].university.slug}`);

    const admin = new Session(app.baseUrl, recorder, "10.9.0.3");
    seen["admin signs in"] = (
      await admin.send("login", "POST", "/api/login", {
        json: { username: "admin", password: password("admin") },
      })
    ).status;
    const stats = await admin.send("stats", "GET", "/api/dashboard/stats");
    const {
      users,
      universities,
      programs,
      applications: all,
    } = stats.json<{
      users: { total: number };
      universities: { total: number };
      programs: { total: number };
      applications: { total: number; byStatus: Record<string, number> };
    }>();
    seen["dashboard counts"] = {
      status: stats.status,
      users: users.total,
      universities: universities.total,
      programs: programs.total,
      applications: all.total,
      byStatus: all.byStatus,
    };
    await page(admin, "/admin/applications");
    return seen;
  } finally {
    await app.kill("SIGTERM");
  }
}

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), "unisearch-restore-"));
  const dump = join(workDir, "unisearch.dump");
  const cleanups: (() => Promise<unknown> | void)[] = [
    () => rmSync(workDir, { recursive: true, force: true }),
  ];
  const failures: string[] = [];
  try {
    ensureBuild(log);
    const source = await createLoadDatabase(SERVER_URL, log);
    cleanups.unshift(source.drop);

    let started = Date.now();
    execFileSync(bin("pg_dump"), ["--format=custom", "--file", dump, "--dbname", source.url], {
      stdio: "inherit",
    });
    log(`pg_dump --format=custom: ${readFileSync(dump).byteLength} bytes in ${Date.now() - started} ms`);
    const target = await createDatabaseOn(SERVER_URL, "unisearch_restored");
    cleanups.unshift(target.drop);
    started = Date.now();
    execFileSync(bin("pg_restore"), ["--no-owner", "--exit-on-error", "--dbname", target.url, dump], {
      stdio: "inherit",
    });
    log(`pg_restore into ${new URL(target.url).pathname.slice(1)} in ${Date.now() - started} ms`);

    const [before, after] = [await tableContents(source.url), await tableContents(target.url)];
    for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (before[table] !== after[table])
        failures.push(`${table}: ${before[table] ?? "missing"} before, ${after[table] ?? "missing"} after`);
    }
    const applications = before["public.applications"];
    log(`${Object.keys(before).length} tables compared (applications: ${applications})`);
    if (!applications || applications.startsWith("0 "))
      failures.push("the seeded database has no applications");

    const original = await observe(source.url, workDir, "original");
    const restored = await observe(target.url, workDir, "restored");
    for (const [what, value] of Object.entries(original)) {
      const text = JSON.stringify(value);
      log(`${what}: ${text.length > 160 ? `${text.slice(0, 160)}...` : text}`);
      if (JSON.stringify(restored[what]) !== text)
        failures.push(`${what}: ${text} on the original, ${JSON.stringify(restored[what])} restored`);
    }
    if (original["student signs in"] !== 200 || original["admin signs in"] !== 200)
      failures.push("the demo accounts could not sign in on the original");
    for (const [what, value] of Object.entries(original)) {
      if (what.startsWith("GET ") && !String(value).startsWith("200 ")) failures.push(`${what}: ${value}`);
    }
  } catch (error) {
    failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    for (const label of ["original", "restored"]) {
      const file = join(workDir, `${label}.log`);
      if (existsSync(file))
        console.error(`--- ${label} server log ---\n${readFileSync(file, "utf8").slice(-3000)}`);
    }
  } finally {
    for (const cleanup of cleanups) await Promise.resolve(cleanup()).catch((error) => console.error(error));
  }
  for (const failure of failures) console.error(`[restore] FAILED: ${failure}`);
  log(failures.length ? "FAILED" : "passed: the restored database serves the same site");
  process.exit(failures.length ? 1 : 0);
}

void main();
