// npm run test:standalone: the standalone server (next.config.js) runs from a folder of its own,
// as the Dockerfile's image runs it. The production build's .next/standalone is copied to a
// temporary folder with .next/static (and public/, when there is one) beside it, as the Dockerfile
// copies them, and `node server.js` is started there, with none of this checkout's environment,
// against a new migrated database on the PostgreSQL server of STANDALONE_DATABASE_URL (else
// DATABASE_URL, else the local test server). It must answer /api/health and /api/ready with 200,
// the home page, and the stylesheet the home page links to (a static file).
// The build is reused when it is newer than every source (CI's end-to-end step made it).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "@/lib/db/migrate.server";
import { ensureBuild, startApp } from "../load/processes";
import { DEFAULT_SERVER_URL } from "../load/database";
import { createDatabaseOn } from "../support/databases";
import { freePort } from "../support/smtp-capture";

const SERVER_URL = process.env.STANDALONE_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_SERVER_URL;
const log = (line: string) => console.log(`[standalone] ${line}`);

/** Copies the server's files as the Dockerfile's last stage does. */
export function copyStandalone(root: string, target: string) {
  cpSync(join(root, ".next", "standalone"), target, { recursive: true });
  cpSync(join(root, ".next", "static"), join(target, ".next", "static"), { recursive: true });
  if (existsSync(join(root, "public")))
    cpSync(join(root, "public"), join(target, "public"), { recursive: true });
}

async function expectStatus(url: string, status: number): Promise<Response> {
  const response = await fetch(url, { redirect: "manual" });
  if (response.status !== status) {
    throw new Error(
      `GET ${url}: ${response.status}, expected ${status}: ${(await response.text()).slice(0, 300)}`,
    );
  }
  return response;
}

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), "unisearch-standalone-"));
  const serverDir = join(workDir, "app");
  const logFile = join(workDir, "server.log");
  const cleanups: (() => Promise<unknown> | void)[] = [
    () => rmSync(workDir, { recursive: true, force: true }),
  ];
  let failed = false;
  try {
    ensureBuild(log);
    copyStandalone(process.cwd(), serverDir);
    log(`copied .next/standalone and .next/static to ${serverDir}`);
    const database = await createDatabaseOn(SERVER_URL, "unisearch_standalone");
    cleanups.unshift(database.drop);
    const { applied } = await migrate(database.url);
    log(`database ${new URL(database.url).pathname.slice(1)}: ${applied.length} migrations applied`);

    const port = await freePort();
    const smtpPort = await freePort();
    const app = await startApp({
      port,
      logFile,
      standaloneDir: serverDir,
      env: {
        DATABASE_URL: database.url,
        AUTH_SECRET: "standalone-test-only-secret-0123456789abcdefghijklmnop",
        APP_URL: `http://127.0.0.1:${port}`,
        // Nothing listens there: the mail worker runs all the same, and nothing is sent.
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        UPLOADS_DIR: join(workDir, "uploads"),
        NEXT_TELEMETRY_DISABLED: "1",
      },
    });
    cleanups.unshift(() => app.kill("SIGTERM"));
    log(`node server.js answers on ${app.baseUrl}`);

    const health = await (await expectStatus(`${app.baseUrl}/api/health`, 200)).json();
    log(`/api/health: ${JSON.stringify(health)}`);
    // The mail worker starts with the server, a moment after it listens.
    let ready: Response | undefined;
    for (let attempt = 0; attempt < 40; attempt++) {
      ready = await fetch(`${app.baseUrl}/api/ready`);
      if (ready.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const readyBody = await ready!.text();
    if (ready!.status !== 200) throw new Error(`/api/ready: ${ready!.status} ${readyBody}`);
    log(`/api/ready: ${readyBody}`);

    const home = await (await expectStatus(`${app.baseUrl}/`, 200)).text();
    const stylesheet = /href="(\/_next\/static\/[^"]+\.css)"/.exec(home)?.[1];
    if (!stylesheet) throw new Error("the home page links to no stylesheet under /_next/static");
    const css = await expectStatus(`${app.baseUrl}${stylesheet}`, 200);
    log(`/ and ${stylesheet} (${(await css.arrayBuffer()).byteLength} bytes): 200`);
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
    if (existsSync(logFile))
      console.error(`--- server log ---\n${readFileSync(logFile, "utf8").slice(-4000)}`);
  } finally {
    for (const cleanup of cleanups) await Promise.resolve(cleanup()).catch((error) => console.error(error));
  }
  log(failed ? "FAILED" : "passed");
  process.exit(failed ? 1 : 0);
}

void main();
