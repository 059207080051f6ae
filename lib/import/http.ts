import "server-only";
import { prisma } from "@/lib/db/client";
import { badRequest } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { IMPORT_BODY_LIMIT, IMPORT_TOO_LARGE, importQuerySchema } from "@/lib/validation/import";
import type { ImportType } from "./columns";
import { csvResponse, exportCsv } from "./export";
import { IMPORT_HAS_REJECTED, runImport } from "./run";

/**
 * POST /api/import/{universities,programs}?fileName=&apply=: the file is the raw body (CSV or a
 * JSON array). Without apply=true a dry run: 200 with the report. With apply=true the changes are
 * saved in one transaction: 200 with the report, or 400 and nothing saved when a row is rejected.
 */
export function importRoute(type: ImportType) {
  return route({
    auth: "admin",
    query: importQuerySchema,
    body: "bytes" as const,
    bodyLimit: IMPORT_BODY_LIMIT,
    tooLargeMessage: IMPORT_TOO_LARGE,
    handle: async ({ viewer, query, body }) => {
      const report = await runImport(prisma, viewer, {
        type,
        fileName: query.fileName,
        bytes: body,
        apply: query.apply,
      });
      if (query.apply && !report.applied) throw badRequest(IMPORT_HAS_REJECTED);
      return report;
    },
  });
}

/** GET /api/{universities,programs}/export.csv (admins): the live rows with the import's columns. */
export function exportRoute(type: ImportType) {
  return route({
    auth: "admin",
    handle: () => csvResponse(exportCsv(prisma, type), `${type}.csv`),
  });
}
