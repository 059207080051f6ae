import { parseEnv } from "@/lib/env.server";

test("development works with no configuration", () => {
  const env = parseEnv({ NODE_ENV: "development" });
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  expect(env.APP_URL).toBe("http://localhost:3000");
});

const PRODUCTION = {
  NODE_ENV: "production",
  DATABASE_URL: "postgresql://db.example.com/app",
  AUTH_SECRET: "s".repeat(40),
  APP_URL: "https://unisearch.example.org",
  SMTP_URL: "smtp://mailer:secret@smtp.example.org:587",
};

test("production without AUTH_SECRET stops with a message naming it", () => {
  expect(() => parseEnv({ ...PRODUCTION, AUTH_SECRET: undefined })).toThrow(
    /Missing required environment variable: AUTH_SECRET\./,
  );
});

test("production without APP_URL stops with a message naming it, instead of publishing localhost", () => {
  expect(() => parseEnv({ ...PRODUCTION, APP_URL: undefined })).toThrow(
    /Missing required environment variable: APP_URL\./,
  );
  expect(() => parseEnv({ ...PRODUCTION, APP_URL: "" })).toThrow(/variable: APP_URL/);
});

test("production without SMTP_URL stops with a message naming it, instead of logging reset links", () => {
  expect(() => parseEnv({ ...PRODUCTION, SMTP_URL: undefined })).toThrow(
    /Missing required environment variable: SMTP_URL\. .*SMTP_URL is the mail server/,
  );
});

test("TRUSTED_PROXIES is a small whole number, 0 unless set", () => {
  expect(parseEnv({ NODE_ENV: "development" }).TRUSTED_PROXIES).toBe(0);
  expect(parseEnv({ NODE_ENV: "development", TRUSTED_PROXIES: "2" }).TRUSTED_PROXIES).toBe(2);
  expect(() => parseEnv({ NODE_ENV: "development", TRUSTED_PROXIES: "-1" })).toThrow(/TRUSTED_PROXIES/);
  expect(() => parseEnv({ NODE_ENV: "development", TRUSTED_PROXIES: "yes" })).toThrow(/TRUSTED_PROXIES/);
});

test("on Vercel, production takes APP_URL from the project's production domain", () => {
  const env = parseEnv({
    ...PRODUCTION,
    APP_URL: undefined,
    VERCEL_PROJECT_PRODUCTION_URL: "unisearch.vercel.app",
  });
  expect(env.APP_URL).toBe("https://unisearch.vercel.app");
});

test("an explicit APP_URL wins over Vercel's domain", () => {
  const env = parseEnv({ ...PRODUCTION, VERCEL_PROJECT_PRODUCTION_URL: "unisearch.vercel.app" });
  expect(env.APP_URL).toBe("https://unisearch.example.org");
});

test("Vercel's domain is not used outside production", () => {
  const env = parseEnv({ NODE_ENV: "development", VERCEL_PROJECT_PRODUCTION_URL: "unisearch.vercel.app" });
  expect(env.APP_URL).toBe("http://localhost:3000");
});

test("production names every missing variable", () => {
  expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
    /variables: DATABASE_URL, AUTH_SECRET, APP_URL, SMTP_URL\./,
  );
});

test("production with everything set uses the given values", () => {
  const env = parseEnv(PRODUCTION);
  expect(env.AUTH_SECRET).toBe(PRODUCTION.AUTH_SECRET);
  expect(env.APP_URL).toBe(PRODUCTION.APP_URL);
});

test("invalid values are reported by name; empty strings count as unset", () => {
  expect(() => parseEnv({ NODE_ENV: "development", APP_URL: "not a url" })).toThrow(/APP_URL/);
  expect(() => parseEnv({ NODE_ENV: "development", AUTH_SECRET: "short" })).toThrow(
    /AUTH_SECRET must be at least 32/,
  );
  expect(parseEnv({ NODE_ENV: "development", DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
});

test("next build (production phase) does not need the runtime secrets or APP_URL", () => {
  expect(() => parseEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).not.toThrow();
});
