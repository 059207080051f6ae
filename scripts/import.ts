// npm run import -- <file.csv|file.json> [--type universities|programs|scholarships] [--dry-run] [--as <admin username>] [--json]
// The admin page's import (lib/import) for operators: the same checks, report and transaction.
// Without --type, a file with a "provider" column is a scholarships file, else one with a
// "university" column a programs file. The audit log names the admin given with --as, or
// "Command line".
import "./load-env";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { createPrismaClient } from "@/lib/db/client.server";
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { HttpError } from "@/lib/http/errors";
import { IMPORT_TYPES, type ImportType } from "@/lib/import/columns";
import { formatReport } from "@/lib/import/report-text";
import { runImport } from "@/lib/import/run.server";
import { commandLineActor } from "./actor";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    type: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    as: { type: "string" },
    json: { type: "boolean", default: false },
  },
});

function typeOf(bytes: Buffer): ImportType {
  if (values.type !== undefined) {
    if (!(IMPORT_TYPES as readonly string[]).includes(values.type)) {
      throw new Error(`--type must be one of: ${IMPORT_TYPES.join(", ")}`);
    }
    return values.type as ImportType;
  }
  const start = bytes
    .subarray(0, 65_536)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (start.startsWith("[")) {
    if (/"provider"\s*:/i.test(start)) return "scholarships";
    return /"university"\s*:/i.test(start) ? "programs" : "universities";
  }
  const header = (start.split(/\r?\n/)[0] ?? "")
    .split(",")
    .map((name) => name.replace(/"/g, "").trim().toLowerCase());
  if (header.includes("provider")) return "scholarships";
  return header.includes("university") ? "programs" : "universities";
}

async function main() {
  const [file] = positionals;
  if (!file)
    throw new Error(
      "Usage: npm run import -- <file.csv|file.json> [--type universities|programs|scholarships] [--dry-run]",
    );
  const bytes = readFileSync(file);
  const type = typeOf(bytes);
  const apply = !values["dry-run"];
  await withDatabaseUrl(async (url) => {
    const prisma = createPrismaClient(url, { max: 1 });
    try {
      const actor = await commandLineActor(prisma, values.as);
      const report = await runImport(prisma, actor, {
        type,
        fileName: basename(file),
        bytes,
        apply,
        onProgress: values.json ? undefined : (rows) => process.stderr.write(`\r${rows} rows read...`),
      });
      if (!values.json) process.stderr.write("\n");
      console.log(values.json ? JSON.stringify(report) : formatReport(report, apply));
      if (report.counts.rejected > 0) process.exitCode = 1;
    } finally {
      await prisma.$disconnect();
    }
  });
}

main().catch((error) => {
  console.error(error instanceof HttpError || error instanceof Error ? error.message : error);
  process.exit(1);
});
