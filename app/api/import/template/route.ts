import { csvResponse, importTemplate } from "@/lib/import/export.server";
import { route } from "@/lib/http/route.server";
import { importTemplateQuerySchema } from "@/lib/validation/import";

// GET /api/import/template?type=universities|programs (admins who manage the catalogue): the columns and an example row.
export const GET = route({
  auth: "admin",
  permission: "manage-catalogue",
  query: importTemplateQuerySchema,
  handle: ({ query }) => csvResponse(importTemplate(query.type), `${query.type}-template.csv`),
});
