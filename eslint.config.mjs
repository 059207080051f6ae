import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
    // CommonJS modules that Next loads with require() at run time (the cache handlers).
    files: ["lib/cache/*.js"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
]);
