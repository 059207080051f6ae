// Two projects: `unit` (pure functions and components, no database) and `integration` (route
// handlers and domain code against a real database: the embedded one, or DATABASE_URL when set).
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

const shared = {
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/tests/e2e/"],
};

const config = async () => ({
  // Each integration file opens its own pool on one shared database; two workers suit 2 cores.
  maxWorkers: 2,
  // Integration hooks start databases; on a busy 2-core machine that can take more than 5 s.
  testTimeout: 60_000,
  projects: [
    await createJestConfig({
      ...shared,
      displayName: "unit",
      testEnvironment: "node",
      testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)"],
      setupFilesAfterEnv: ["<rootDir>/tests/unit/setup.ts"],
    })(),
    await createJestConfig({
      ...shared,
      displayName: "integration",
      testEnvironment: "<rootDir>/tests/integration/environment.mjs",
      testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
      globalSetup: "<rootDir>/tests/integration/global-setup.ts",
      globalTeardown: "<rootDir>/tests/integration/global-teardown.ts",
    })(),
  ],
});

export default config;
