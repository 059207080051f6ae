import { exportRoute } from "@/lib/import/http.server";

// GET /api/universities/export.csv (admins who may export data): the live universities as an import file.
export const GET = exportRoute("universities");
