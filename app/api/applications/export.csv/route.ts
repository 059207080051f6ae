import { exportApplicationsCsv } from "@/lib/applications/export.server";
import { csvResponse } from "@/lib/import/export.server";
import { route } from "@/lib/http/route.server";
import { workspaceListQuery } from "@/lib/validation/application";

/**
 * GET /api/applications/export.csv (staff who may export data): the applications the workspace lists for the same
 * filters (its query string), one row each, in its order: the file's rows are the list's count.
 */
export const GET = route({
  auth: "admin",
  permission: "export-data",
  query: workspaceListQuery.filterSchema,
  handle: ({ viewer, query }) =>
    csvResponse(
      exportApplicationsCsv(query, viewer),
      `applications-${new Date().toISOString().slice(0, 10)}.csv`,
    ),
});
