import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { serverModules } from "./eslint-rules/server-modules.mjs";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    "out/**",
    ".data/**",
    "coverage/**",
    "test-results/**",
    "playwright-report/**",
    "lib/generated/**",
    "next-env.d.ts",
  ]),
  {
    // Zod through lib/validation/zod.ts, which keeps it from tripping the CSP in the browser.
    ignores: ["lib/validation/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: 'Import from "@/lib/validation/zod" (it configures zod for the CSP).' },
          ],
        },
      ],
    },
  },
  {
    // Server-only modules are named *.server.ts and client modules do not import them
    // (eslint-rules/server-modules.mjs). The cache handler's CommonJS chain is the exception:
    // Next loads it with require() outside React's server build (next.config.js `cacheHandler`),
    // where "server-only" would throw, so these keep plain names and are listed here instead.
    files: ["**/*.{ts,tsx,js,jsx,mjs,cjs}"],
    plugins: { "server-modules": serverModules },
    rules: {
      "server-modules/boundary": [
        "error",
        {
          unsuffixed: [
            "lib/cache/incremental-handler.js",
            "lib/cache/rendered-pages.js",
            "lib/cache/store.js",
          ],
        },
      ],
    },
  },
  {
    // CommonJS modules that Next loads with require() at run time (the cache handlers), the
    // scripts tests run in a Node process of their own, and the scripts' preload.
    files: ["lib/cache/*.js", "tests/fixtures/**/*.cjs", "scripts/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Every environment variable the app reads goes through lib/env.server.ts, parsed and checked once.
    // The exceptions must read process.env themselves:
    // - lib/env.server.ts itself;
    // - lib/cache/*.js: the cache handler's CommonJS chain, which Next loads with require() outside
    //   the app's module graph (next.config.js `cacheHandler`);
    // - instrumentation.ts, lib/cache/reads.server.ts, lib/cache/tags.server.ts: NEXT_RUNTIME and NEXT_PHASE,
    //   which Next sets to say where code runs, read before any Node-only module is imported;
    // - components/university/image-src.ts: UPLOADS_PUBLIC_URL, which next.config.js `env` inlines
    //   into the browser's bundle (lib/env.server is server-only);
    // - proxy.ts: the security headers' options, read as next.config.js reads them (one rule for both);
    // - lib/log.server.ts: logging works before and without a valid environment (it reports what is wrong);
    // - lib/db/client.server.ts, connection.ts, availability.ts: DATABASE_URL and PGLITE_DATA_DIR are read
    //   at each use, because the scripts and tests choose the database after the modules load.
    files: ["app/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts", "instrumentation-node.ts"],
    ignores: [
      "lib/env.server.ts",
      "lib/cache/*.js",
      "instrumentation.ts",
      "lib/cache/reads.server.ts",
      "lib/cache/tags.server.ts",
      "components/university/image-src.ts",
      "proxy.ts",
      "lib/log.server.ts",
      "lib/db/client.server.ts",
      "lib/db/connection.server.ts",
      "lib/db/availability.server.ts",
    ],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read environment variables through lib/env.server.ts.",
        },
      ],
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // An interactive transaction holds one connection: queries sent on it at once (Promise.all)
    // interleave on that connection, which node-postgres deprecates and the embedded database
    // answers with errors such as 'portal "" does not exist'. Await a transaction's queries one
    // after the other. (By convention a transaction's client is named `tx`; parallel separate
    // transactions name their parameter otherwise.)
    files: ["app/**", "components/**", "lib/**", "scripts/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.object.name='Promise'][callee.property.name=/^all/] Identifier[name='tx']",
          message:
            "A transaction's queries share one connection: await them one after the other, not in Promise.all.",
        },
      ],
    },
  },
]);
