import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, defineConfig, devices } from "@playwright/test";
import { chooseChromium, chromiumExecutable } from "./scripts/chromium";
// The OpenID and SMTP mocks are started by the tests that need them, on these ports.
import { APP_PORT, OIDC_MOCK_PORT, SMTP_CAPTURE_PORT } from "./tests/e2e/ports";

// End-to-end tests run against a production build (`next build` + `next start`) on a fresh
// embedded database in a temporary folder, seeded with the demo data on start: a production
// start seeds demo accounts only when asked (DEMO_DATA=1), and the fixtures sign in as `admin`.

const port = APP_PORT;
const baseURL = `http://127.0.0.1:${port}`;

// This file is evaluated by the runner and by every worker; the folder is made once and shared.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "unisearch-e2e-"));

// CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's own (`npm run test:e2e` installs it).
const chromiumChoice = chooseChromium(process.env, existsSync, () => chromium.executablePath());

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromiumExecutable(chromiumChoice),
    args: ["--disable-quic", "--disable-gpu"],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /platform-name\.spec\.ts/,
      use: browser,
    },
    {
      // Renames the platform, which every page shows: run it once the others are done.
      name: "platform-name",
      testMatch: /platform-name\.spec\.ts/,
      dependencies: ["chromium"],
      use: browser,
    },
  ],
  webServer: {
    // Idle keep-alive sockets stay open longer than any pause in a test: the worker-wide API
    // context reuses them, and a request sent as the server closed one failed with ECONNRESET.
    // -H localhost: the host `next start` assumes when a deployment gives none (it listens on
    // loopback here). Under 127.0.0.1, Next rendered the search pages' rewrites differently, which
    // hid a 500 that every deployment without -H had.
    command: `npm run build && npm run start -- -H localhost -p ${port} --keepAliveTimeout 120000`,
    url: baseURL,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PGLITE_DATA_DIR: join(process.env.E2E_DATA_DIR, "pglite"),
      UPLOADS_DIR: join(process.env.E2E_DATA_DIR, "uploads"),
      DATABASE_URL: "",
      DEMO_DATA: "1",
      APP_URL: baseURL,
      AUTH_SECRET: "e2e-only-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      AUTH_GOOGLE_ID: "e2e-google-client",
      AUTH_GOOGLE_SECRET: "e2e-google-secret",
      AUTH_GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_MOCK_PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_CAPTURE_PORT}`,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
