import { parseEnv } from "@/lib/env";

test("development works with no configuration", () => {
  const env = parseEnv({ NODE_ENV: "development" });
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  expect(env.APP_URL).toBe("http://localhost:3000");
});

test("production without AUTH_SECRET stops with a message naming it", () => {
  expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://db.example.com/app" })).toThrow(
    /Missing required environment variable: AUTH_SECRET/,
  );
});

test("production names every missing variable", () => {
  expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/variables: DATABASE_URL, AUTH_SECRET/);
});

test("production with everything set uses the given values", () => {
  const secret = "s".repeat(40);
  const env = parseEnv({
    NODE_ENV: "production",
    DATABASE_URL: "postgresql://db.example.com/app",
    AUTH_SECRET: secret,
  });
  expect(env.AUTH_SECRET).toBe(secret);
});

test("invalid values are reported by name; empty strings count as unset", () => {
  expect(() => parseEnv({ NODE_ENV: "development", APP_URL: "not a url" })).toThrow(/APP_URL/);
  expect(() => parseEnv({ NODE_ENV: "development", AUTH_SECRET: "short" })).toThrow(
    /AUTH_SECRET must be at least 32/,
  );
  expect(parseEnv({ NODE_ENV: "development", DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
});

test("next build (production phase) does not need the runtime secrets", () => {
  expect(() => parseEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).not.toThrow();
});
