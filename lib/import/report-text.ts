import type { ImportReport } from "./columns";

// The import report as the command line prints it (npm run import).

export function formatReport(report: ImportReport, apply: boolean): string {
  const { total, created, updated, unchanged, rejected } = report.counts;
  const lines = [
    `${report.fileName} (${report.type}): ${apply ? (report.applied ? "imported" : "NOT imported") : "dry run"}`,
    `  ${total} rows: ${created} created, ${updated} updated, ${unchanged} unchanged, ${rejected} rejected`,
  ];
  if (report.rejected.length > 0) {
    lines.push(
      `  Rejected rows${rejected > report.rejected.length ? ` (the first ${report.rejected.length})` : ""}:`,
    );
    for (const row of report.rejected) {
      lines.push(
        `    row ${row.row} (${row.key}): ${row.errors.map((e) => `${e.field}: ${e.message}`).join("; ")}`,
      );
    }
  }
  if (report.changes.length > 0) {
    lines.push(
      `  Changes${created + updated > report.changes.length ? ` (the first ${report.changes.length})` : ""}:`,
    );
    for (const row of report.changes) {
      lines.push(
        `    row ${row.row} ${row.outcome} ${row.key}${row.fields.length ? ` (${row.fields.join(", ")})` : ""}`,
      );
    }
  }
  if (apply && !report.applied)
    lines.push("Nothing was imported: fix the rejected rows and run the import again.");
  return lines.join("\n");
}
