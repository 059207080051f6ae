// npm run rates:update -- <rates.csv> [--as <admin username>]
// Loads exchange rates (lib/rates/csv.ts describes the file; README "Exchange rates"): the whole
// file is checked first, a bad line is named and nothing is saved; otherwise every rate is saved in
// one transaction with an audit entry naming the admin given with --as, or "Command line".
import "./load-env";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { createPrismaClient } from "@/lib/db/client.server";
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { HttpError } from "@/lib/http/errors";
import { loadRates, ratesLoadedMessage } from "@/lib/rates/commands.server";
import { commandLineActor } from "./actor";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { as: { type: "string" } },
});

async function main() {
  const [file] = positionals;
  if (!file) throw new Error("Usage: npm run rates:update -- <rates.csv> [--as <admin username>]");
  const bytes = readFileSync(file);
  await withDatabaseUrl(async (url) => {
    const prisma = createPrismaClient(url, { max: 1 });
    try {
      const actor = await commandLineActor(prisma, values.as, { superOnly: true });
      const loaded = await loadRates(prisma, actor, { name: basename(file), bytes });
      console.log(ratesLoadedMessage(loaded));
    } finally {
      await prisma.$disconnect();
    }
  });
}

main().catch((error) => {
  console.error(error instanceof HttpError || error instanceof Error ? error.message : error);
  process.exit(1);
});
