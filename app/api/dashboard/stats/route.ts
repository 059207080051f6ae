import { getDashboardStats } from "@/lib/dashboard/stats";
import { route } from "@/lib/http/route";

// GET /api/dashboard/stats, for admins.
export const GET = route({ auth: "admin", handle: () => getDashboardStats() });
