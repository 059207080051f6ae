import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { APP_PORT, SMTP_CAPTURE_PORT } from "./ports";
import { startApp, type App } from "../load/processes";
import { SPAN_KIND_SERVER, startOtlpReceiver, type OtlpReceiver } from "../support/otlp-receiver";

// A production server's operation, on a second server from the same build over the end-to-end
// database: its traces. On a port of its own (APP_PORT + 9: the shared-cache servers take +5 to +8).
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
