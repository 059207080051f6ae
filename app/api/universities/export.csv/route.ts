import { exportRoute } from "@/lib/import/http.server";

// GET /api/universities/export.csv (admins): the live universities as an import file.
export const GET = exportRoute("universities");
