import { importRoute } from "@/lib/import/http.server";

// POST /api/import/scholarships (admins): a dry run, or with ?apply=true the import (lib/import).
export const POST = importRoute("scholarships");
