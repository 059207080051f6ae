import { exportRoute } from "@/lib/import/http.server";

// GET /api/programs/export.csv (admins): the live programs as an import file.
export const GET = exportRoute("programs");
