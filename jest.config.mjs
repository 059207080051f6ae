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
      testEnvironment: "node",
      testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
      globalSetup: "<rootDir>/tests/integration/global-setup.ts",
      globalTeardown: "<rootDir>/tests/integration/global-teardown.ts",
      setupFilesAfterEnv: ["<rootDir>/tests/integration/setup.ts"],
      testTimeout: 60_000,
    })(),
  ],
});

export default config;
