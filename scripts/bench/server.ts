// The production server the bench measures: built when the build is older than the sources, then
// started with `npm start` (scripts/with-db.ts) in a process of its own.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { findProcess } from "./cpu";

/** Sources whose change makes the production build stale. */
const SOURCES = [
  "app",
  "components",
  "lib",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "instrumentation-node.ts",
  "next.config.js",
  "package-lock.json",
  "postcss.config.mjs",
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "generated") continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** Runs `next build` unless .next holds a build newer than every source (or `force`). */
export function ensureBuild(force: boolean) {
  const buildId = join(".next", "BUILD_ID");
  const current =
    existsSync(buildId) &&
    statSync(buildId).mtimeMs > Math.max(...SOURCES.map((source) => newestChange(source)));
  if (current && !force) {
    console.log("Reusing the production build in .next (newer than the sources).");
    return;
  }
  console.log("Building (next build)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("next build failed");
}

export interface RunningServer {
  url: string;
  /** The Next server's own process (`npm start` runs it under npm, tsx and with-db), or null. */
  pid: number | null;
  stop(): Promise<void>;
}

/** `npm start` on 127.0.0.1:`port` with `env` (DATABASE_URL, or the embedded database's folder). */
export async function startServer(port: number, env: Record<string, string>): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn("npm", ["start", "--", "-H", "127.0.0.1", "-p", String(port)], {
    env: {
      ...process.env,
      APP_URL: url,
      AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-only-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      // Nothing is mailed during the bench; production only insists on an address.
      SMTP_URL: process.env.SMTP_URL ?? "smtp://127.0.0.1:9",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
    // Its own process group, so that stop() ends npm, tsx, with-db and next together.
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once("exit", () => done());
      process.kill(-child.pid!, "SIGTERM");
    });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok)
        return { url, pid: findProcess(child.pid!, "next-server"), stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  await stop();
  throw new Error(`The server did not answer within 5 minutes:\n${output}`);
}

/** Signs in through POST /api/login and returns the Cookie header of the session. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok)
    throw new Error(`Signing in as ${username} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * Gives the signed-in student a study profile (a grade, an IELTS result, a budget in euros, a
 * nationality), so that the program search's fit filters have something to check.
 */
export async function saveStudyProfile(url: string, cookie: string): Promise<void> {
  const response = await fetch(`${url}/api/user/study-profile`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: url, Cookie: cookie },
    body: JSON.stringify({
      nationality: "DE",
      gradeScale: "percentage",
      grade: "72",
      ieltsScore: "6.5",
      ieltsTakenOn: new Date().toISOString().slice(0, 10),
      budgetAmount: "15000",
      budgetCurrency: "EUR",
    }),
  });
  if (!response.ok)
    throw new Error(`Saving the study profile failed: ${response.status} ${await response.text()}`);
}
