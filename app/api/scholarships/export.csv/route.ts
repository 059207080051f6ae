import { exportRoute } from "@/lib/import/http.server";

// GET /api/scholarships/export.csv (admins who may export data): the live scholarships as an import file.
export const GET = exportRoute("scholarships");
