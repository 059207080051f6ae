import path from "node:path";
import * as tsParser from "@typescript-eslint/parser";
import { RuleTester } from "eslint";
import { serverModules } from "../../eslint-rules/server-modules.mjs";

// The lint rule that keeps the server/client boundary visible in file names (eslint.config.mjs).

const tester = new RuleTester({
  languageOptions: { parser: tsParser, ecmaVersion: "latest", sourceType: "module" },
});
const at = (file: string) => path.join(process.cwd(), file);
const options = [{ unsuffixed: ["lib/cache/rendered-pages.js", "lib/cache/store.js"] }];
const SERVER_ONLY = 'import "server-only";\n';

tester.run("server-modules/boundary", serverModules.rules.boundary, {
  valid: [
    { filename: at("lib/db/client.server.ts"), code: `${SERVER_ONLY}export const prisma = {};` },
    { filename: at("lib/format.ts"), code: 'import { x } from "./constants";\nexport const y = x;' },
    // A client module may import a server module's types: they are erased from the bundle.
    {
      filename: at("components/admin/form.tsx"),
      code: '"use client";\nimport type { ProgramDto } from "@/lib/programs/queries.server";\nimport { type Viewer } from "./session.server";\nexport type T = [ProgramDto, Viewer];',
    },
    // "use server" modules are the browser's entry to the server: they import server modules.
    {
      filename: at("lib/users/actions.ts"),
      code: '"use server";\nimport { updateProfile } from "./accounts.server";\nexport const act = updateProfile;',
    },
    // Next's files, scripts and tests are server code by where they live.
    {
      filename: at("app/admin/page.tsx"),
      code: 'import { prisma } from "@/lib/db/client.server";\nexport default prisma;',
    },
    { filename: at("app/api/x/route.ts"), code: `${SERVER_ONLY}export const GET = 1;` },
    {
      filename: at("scripts/seed.ts"),
      code: 'import { seed } from "@/lib/db/seed/seed.server";\nvoid seed;',
    },
    { filename: at("tests/unit/x.test.ts"), code: 'import { env } from "../../lib/env.server";\nvoid env;' },
    {
      filename: at("lib/cache/rendered-pages.js"),
      code: 'const { cacheStore } = require("./store");\nvoid cacheStore;',
      options,
    },
  ],
  invalid: [
    {
      filename: at("lib/users/close-account.ts"),
      code: `${SERVER_ONLY}export const x = 1;`,
      errors: [{ messageId: "unnamed", data: { name: "close-account.server.ts" } }],
    },
    {
      filename: at("lib/db/client.server.ts"),
      code: "export const prisma = {};",
      errors: [{ messageId: "unmarked" }],
    },
    {
      filename: at("lib/db/client.server.ts"),
      code: `import { x } from "./y";\n${SERVER_ONLY}export const prisma = x;`,
      errors: [{ messageId: "unmarked" }],
    },
    {
      filename: at("components/user/delete-account-form.tsx"),
      code: '"use client";\nimport { deleteOwnAccount } from "@/lib/users/delete-account.server";\nexport const f = deleteOwnAccount;',
      errors: [{ messageId: "clientImport" }],
    },
    {
      filename: at("components/search/x.tsx"),
      code: '"use client";\nexport const load = () => import("../../lib/programs/search.server");',
      errors: [{ messageId: "clientImport" }],
    },
    {
      filename: at("components/search/y.tsx"),
      code: '"use client";\nexport { cacheStore } from "@/lib/cache/store";',
      options,
      errors: [{ messageId: "clientImport" }],
    },
    {
      filename: at("lib/universities/links.ts"),
      code: 'import { env } from "@/lib/env.server";\nexport const url = env.APP_URL;',
      errors: [{ messageId: "transitive", data: { source: "@/lib/env.server", name: "links.server.ts" } }],
    },
  ],
});
