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
