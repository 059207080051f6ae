import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { request as httpRequest, type ClientRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import {
  createAccount,
  deleteAccount,
  expect,
  STATEMENT,
  test,
  TEST_PASSWORD,
  type Account,
} from "./fixtures";
import { APP_PORT, SMTP_CAPTURE_PORT } from "./ports";
import { startApp, type App } from "../load/processes";
import { SPAN_KIND_SERVER, startOtlpReceiver, type OtlpReceiver } from "../support/otlp-receiver";

// A production server's operation, on a second server from the same build over the end-to-end
// database: its traces, and a restart. One after the other, on one port of their own
// (APP_PORT + 9: the shared-cache servers take +5 to +8).
test.describe.configure({ mode: "serial" });

const PORT = APP_PORT + 9;
const BASE_URL = `http://127.0.0.1:${PORT}`;

/** The end-to-end server's database, which it publishes beside its data folder. */
function databaseUrl(): string {
  return JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, "pglite.server.json"), "utf8")).url;
}

const SERVER_ENV = {
  NODE_ENV: "production" as const,
  APP_URL: BASE_URL,
  AUTH_SECRET: "e2e-only-secret-0123456789abcdefghijklmnopqrstuvwxyz",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_CAPTURE_PORT}`,
  NEXT_TELEMETRY_DISABLED: "1",
};

// With OTEL_EXPORTER_OTLP_ENDPOINT set, the server sends its traces over OTLP/HTTP: here to a
// receiver in the test's process.
test.describe("traces", () => {
  let receiver: OtlpReceiver;
  let app: App;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    receiver = await startOtlpReceiver();
    app = await startApp({
      port: PORT,
      logFile: join(mkdtempSync(join(tmpdir(), "tracing-")), "server.log"),
      env: {
        ...SERVER_ENV,
        DATABASE_URL: databaseUrl(),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: "unisearch-e2e",
        // Spans are sent in batches; every 200 ms rather than every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: "200",
      },
    });
  });

  test.afterAll(async () => {
    await app?.kill("SIGTERM");
    await receiver?.stop();
  });

  test("a page and an API call are each a server span with status, route, duration and request id", async ({
    university,
  }) => {
    const page = await fetch(`${app.baseUrl}/university/${university.slug}`);
    expect(page.status).toBe(200);
    const pageRequestId = page.headers.get("x-request-id")!;
    expect(pageRequestId).toBeTruthy();

    const api = await fetch(`${app.baseUrl}/api/programs/${university.program.id}`);
    expect(api.status).toBe(200);
    const apiRequestId = api.headers.get("x-request-id")!;
    expect(apiRequestId).toBeTruthy();

    const missing = await fetch(`${app.baseUrl}/api/programs/999999999`);
    expect(missing.status).toBe(404);
    const missingRequestId = missing.headers.get("x-request-id")!;

    const serverSpan = (requestId: string, route: string) =>
      receiver.waitForSpan(
        (span) =>
          span.kind === SPAN_KIND_SERVER &&
          span.attributes["http.request.id"] === requestId &&
          span.attributes["http.route"] === route,
      );
    const pageSpan = await serverSpan(pageRequestId, "/university/[slug]");
    expect(pageSpan).toMatchObject({
      service: "unisearch-e2e",
      name: "GET /university/[slug]",
      attributes: expect.objectContaining({ "http.method": "GET", "http.status_code": 200 }),
    });
    expect(pageSpan.durationMs).toBeGreaterThan(0);

    const apiSpan = await serverSpan(apiRequestId, "/api/programs/[id]");
    expect(apiSpan).toMatchObject({
      name: "GET /api/programs/[id]",
      attributes: expect.objectContaining({ "http.method": "GET", "http.status_code": 200 }),
    });
    expect(apiSpan.durationMs).toBeGreaterThan(0);
    // Its database work is in the same trace.
    await receiver.waitForSpan((span) => span.traceId === apiSpan.traceId && span.name.startsWith("prisma:"));

    const missingSpan = await serverSpan(missingRequestId, "/api/programs/[id]");
    expect(missingSpan.attributes["http.status_code"]).toBe(404);
  });
});

/** An answer, or how the request got none (ECONNREFUSED: the server no longer took connections). */
type Result = { status: number; body: string } | { error: string };

/**
 * POST /api/applications on a connection of its own (no keep-alive: a reused connection the
 * server closes as a request goes out fails for reasons that are not the server's to answer).
 * `hold` sends the headers and half the body, and the rest only when `release` is called.
 */
function submit(cookie: string, programId: number, hold = false) {
  const body = Buffer.from(
    JSON.stringify({
      programId,
      personalStatement: STATEMENT,
      academicHistory: {
        institution: "Restart High School",
        degree: "Diploma",
        gpa: "3.5",
        graduationYear: 2024,
      },
    }),
  );
  let request!: ClientRequest;
  const result = new Promise<Result>((resolve) => {
    request = httpRequest(
      `${BASE_URL}/api/applications`,
      {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/json", "Content-Length": body.length, Cookie: cookie },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body: text }));
        response.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  const half = Math.floor(body.length / 2);
  if (hold) {
    request.write(body.subarray(0, half));
    request.flushHeaders();
  } else request.end(body);
  return { result, release: () => request.end(body.subarray(half)) };
}

// On SIGTERM the server takes no new connection, answers the requests in flight and exits; the
// signal goes to `npm start` as an orchestrator sends it (to the process it started, not its
// group), and has to reach `next start` through npm, tsx and scripts/with-db.ts.
test.describe("a restart", () => {
  const STUDENTS = 17;
  const students: Account[] = [];
  let server: ChildProcess | undefined;
  let output = "";

  test.afterAll(async ({ api }) => {
    if (server && server.exitCode === null && server.signalCode === null)
      process.kill(-server.pid!, "SIGKILL");
    for (const student of students) await deleteAccount(api, student.id);
  });

  test("during a burst of submissions loses no answered submit and cuts no request", async ({
    api,
    university,
  }) => {
    // Accounts, a production start through npm, and the burst.
    test.setTimeout(180_000);
    for (let i = 0; i < STUDENTS; i++) students.push(await createAccount(api, "student"));

    const child = spawn("npm", ["start", "--", "-H", "127.0.0.1", "-p", String(PORT)], {
      env: { ...process.env, ...SERVER_ENV, DATABASE_URL: databaseUrl(), SHUTDOWN_TIMEOUT_SECONDS: "60" },
      stdio: ["ignore", "pipe", "pipe"],
      // A group of its own, so that afterAll can end what is left of it; the signal below goes to
      // npm alone.
      detached: true,
    });
    server = child;
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    await expect
      .poll(async () => (await fetch(`${BASE_URL}/api/countries`).catch(() => null))?.status, {
        timeout: 90_000,
      })
      .toBe(200);

    const cookies: string[] = [];
    for (const student of students) {
      const response = await fetch(`${BASE_URL}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: student.username, password: TEST_PASSWORD }),
      });
      expect(response.status, `signing ${student.username} in`).toBe(200);
      cookies.push(
        response.headers
          .getSetCookie()
          .map((cookie) => cookie.split(";")[0])
          .join("; "),
      );
    }

    const programId = university.program.id;
    // One submission is in flight for sure when the signal comes: half of its body is sent.
    const held = submit(cookies[0], programId, true);
    const burst: Promise<Result>[] = [];
    for (let i = 1; i < STUDENTS; i++) {
      burst.push(submit(cookies[i], programId).result);
      if (i === 8) process.kill(child.pid!, "SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await expect.poll(() => output, { timeout: 30_000 }).toContain("shutting down");
    // The server no longer takes connections...
    expect(await submit(cookies[0], programId).result).toEqual({ error: "ECONNREFUSED" });
    // ...but answers the request it was reading.
    held.release();
    const results = [await held.result, ...(await Promise.all(burst))];
    expect(await exited).not.toBeNull();

    await test.info().attach("server output", { body: output, contentType: "text/plain" });

    const answered = results.filter(
      (result): result is { status: number; body: string } => "status" in result,
    );
    const failures = results
      .filter((result) => "error" in result)
      .map((result) => (result as { error: string }).error);
    test.info().annotations.push({
      type: "restart",
      description: `${answered.length} answered, ${failures.length} not taken: ${failures.join(", ")}`,
    });
    // The request the server was reading is answered.
    expect(results[0]).toMatchObject({ status: 201 });
    for (const answer of answered) expect(answer.status, answer.body).toBe(201);
    // A request with no answer was one the server never took: refused, or reset on a connection it
    // had accepted without reading a request from it yet (Node closes those at once), and so
    // never handled. Every request the server handled was answered: as many submissions in its
    // log as answers here, and every answered submit is stored, and nothing else.
    expect(failures.filter((error) => error !== "ECONNREFUSED" && error !== "ECONNRESET")).toEqual([]);
    const handled = output
      .split("\n")
      .filter((line) => line.includes('"method":"POST","path":"/api/applications"'));
    expect(handled).toHaveLength(answered.length);
    const answeredIds = answered
      .map((answer) => (JSON.parse(answer.body) as { id: number }).id)
      .sort((a, b) => a - b);
    const database = new Client({ connectionString: databaseUrl() });
    await database.connect();
    try {
      const stored = await database.query<{ id: number }>(
        `SELECT id FROM applications WHERE "programId" = $1 ORDER BY id`,
        [programId],
      );
      expect(stored.rows.map((row) => row.id)).toEqual(answeredIds);
    } finally {
      await database.end();
    }
    expect(output).not.toContain("requests still unanswered");
  });
});
