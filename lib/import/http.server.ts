import "server-only";
import { prisma } from "@/lib/db/client.server";
import { badRequest } from "@/lib/http/errors";
import { route } from "@/lib/http/route.server";
import { adminUniversitiesQuery } from "@/lib/universities/search-params";
import { ALL_LEVELS, programsListQuery } from "@/lib/validation/program";
import { importQuerySchema } from "@/lib/validation/import";
import { scholarshipsAdminListQuery } from "@/lib/validation/scholarship";
import { IMPORT_BODY_LIMIT, IMPORT_TOO_LARGE } from "./limits";
import type { ImportType } from "./columns";
import { csvResponse, exportCsv } from "./export.server";
import { IMPORT_HAS_REJECTED, runImport } from "./run.server";

/**
 * POST /api/import/{universities,programs,scholarships}?fileName=&apply= (admins who manage the catalogue): the
 * file is the raw body (CSV or a JSON array). Without apply=true a dry run: 200 with the report.
 * With apply=true the changes are saved in one transaction: 200 with the report, or 400 and
 * nothing saved when a row is rejected.
 */
export function importRoute(type: ImportType) {
  return route({
    auth: "admin",
    permission: "manage-catalogue",
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

/**
 * GET /api/{universities,programs,scholarships}/export.csv (admins who may export data): the live rows with the import's columns,
 * filtered by the admin list's own query keys (the list's Export CSV link carries its filters).
 */
export function exportRoute(type: ImportType) {
  const file = `${type}.csv`;
  if (type === "universities") {
    return route({
      auth: "admin",
      permission: "export-data",
      query: adminUniversitiesQuery.filterSchema,
      handle: ({ query }) => csvResponse(exportCsv(prisma, type, { q: query.q }), file),
    });
  }
  if (type === "scholarships") {
    return route({
      auth: "admin",
      permission: "export-data",
      query: scholarshipsAdminListQuery.filterSchema,
      handle: ({ query }) => csvResponse(exportCsv(prisma, type, { q: query.q }), file),
    });
  }
  return route({
    auth: "admin",
    permission: "export-data",
    query: programsListQuery.filterSchema,
    handle: ({ query }) => {
      const level = query.level === ALL_LEVELS ? undefined : query.level;
      return csvResponse(exportCsv(prisma, type, { q: query.q, level }), file);
    },
  });
}
