// Three projects: `unit` (pure functions and components, no database), `integration` (route
// handlers and domain code against a real database: the embedded one, or DATABASE_URL when set)
// and `security` (the generated hostile-input corpus and authorization matrix, likewise).
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Packages that ship ES modules only; Jest (on Node 20) must compile them to CommonJS.
const ESM_PACKAGES = [
  "nuqs",
  "next-auth",
  "@auth/core",
  "jose",
  "oauth4webapi",
  "@panva/hkdf",
  "preact",
  "preact-render-to-string",
];

/** next/jest's config with the ESM packages transformed like our own code. */
async function project(options) {
  const config = await createJestConfig(options)();
  config.transformIgnorePatterns = [
    `/node_modules/(?!(${ESM_PACKAGES.join("|")})/)`,
    "^.+\\.module\\.(css|sass|scss)$",
  ];
  return config;
}

const shared = {
  // Server modules import "server-only", which throws outside React Server Components; tests run
  // them in plain Node, as the tsx scripts do (scripts/server-only-outside-next.cjs).
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    "^server-only$": "<rootDir>/node_modules/server-only/empty.js",
  },
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/tests/e2e/"],
  // The standalone server's copy of package.json (next build) would collide with ours.
  modulePathIgnorePatterns: ["<rootDir>/.next/"],
};

const config = async () => ({
  // Each integration file opens its own pool on one shared database; two workers suit 2 cores.
  maxWorkers: 2,
  // Integration hooks start databases; on a busy 2-core machine that can take more than 5 s.
  testTimeout: 60_000,
  projects: [
    await project({
      ...shared,
      displayName: "unit",
      testEnvironment: "node",
      testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)"],
      setupFilesAfterEnv: ["<rootDir>/tests/unit/setup.ts"],
    }),
    await project({
      ...shared,
      displayName: "integration",
      testEnvironment: "<rootDir>/tests/integration/environment.mjs",
      testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
      globalSetup: "<rootDir>/tests/integration/global-setup.ts",
      globalTeardown: "<rootDir>/tests/integration/global-teardown.ts",
      setupFilesAfterEnv: ["<rootDir>/tests/integration/setup.ts"],
      // Route handlers that use Auth.js read the request through next/headers.
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        "^next/headers$": "<rootDir>/tests/support/next-headers.ts",
      },
    }),
    // Issue 12: the hostile-input corpus and the authorization matrix, on a database of their own
    // (`npm run test:security` runs them in band: they checksum whole tables around each write).
    await project({
      ...shared,
      displayName: "security",
      testEnvironment: "<rootDir>/tests/integration/environment.mjs",
      testMatch: ["<rootDir>/tests/security/**/*.test.ts"],
      globalSetup: "<rootDir>/tests/integration/global-setup.ts",
      globalTeardown: "<rootDir>/tests/integration/global-teardown.ts",
      setupFilesAfterEnv: ["<rootDir>/tests/integration/setup.ts"],
      moduleNameMapper: {
        ...shared.moduleNameMapper,
        "^next/headers$": "<rootDir>/tests/support/next-headers.ts",
      },
    }),
  ],
});

export default config;
