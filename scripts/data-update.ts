// npm run data:update -- <world_universities_and_domains.json> [--dry-run]
// A newer edition of the university list (lib/import/data-update.server.ts): adds new institutions and
// updates the websites of universities no admin edited; prints what changed.
import "./load-env";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { createPrismaClient } from "@/lib/db/client.server";
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { formatDataUpdate, updateFromDataset } from "@/lib/import/data-update.server";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "dry-run": { type: "boolean", default: false } },
});

async function main() {
  const [file] = positionals;
  if (!file)
    throw new Error("Usage: npm run data:update -- <world_universities_and_domains.json> [--dry-run]");
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`Could not read ${file} as JSON: ${(error as Error).message}`);
  }
  const apply = !values["dry-run"];
  await withDatabaseUrl(async (url) => {
    const prisma = createPrismaClient(url, { max: 1 });
    try {
      const summary = await updateFromDataset(
        prisma,
        { id: null, fullName: "Command line" },
        {
          data,
          fileName: basename(file),
          apply,
        },
      );
      console.log(formatDataUpdate(summary, apply));
    } finally {
      await prisma.$disconnect();
    }
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
