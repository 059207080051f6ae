import { exportRoute } from "@/lib/import/http.server";

// GET /api/programs/export.csv (admins who may export data): the live programs as an import file.
export const GET = exportRoute("programs");
