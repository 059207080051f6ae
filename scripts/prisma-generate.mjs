// Runs `prisma generate` after `npm install`. Generating the client needs no engine, but the
// Prisma CLI insists on downloading its schema engine first, which fails on machines that cannot
// reach Prisma's binary host. Pointing PRISMA_SCHEMA_ENGINE_BINARY at a placeholder skips that
// download; a real engine (already configured or installed) is used when there is one.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const dir = join(process.cwd(), "node_modules", ".cache", "prisma");
  const placeholder = join(dir, "schema-engine-placeholder");
  if (!existsSync(placeholder)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      placeholder,
      "#!/bin/sh\necho 'placeholder: prisma migrate is not available here' >&2\nexit 1\n",
      {
        mode: 0o755,
      },
    );
  }
  env.PRISMA_SCHEMA_ENGINE_BINARY = placeholder;
}

const result = spawnSync(
  process.execPath,
  [join("node_modules", "prisma", "build", "index.js"), "generate"],
  {
    stdio: "inherit",
    env,
  },
);
process.exit(result.status ?? 1);
