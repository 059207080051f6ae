import { getDashboardStats } from "@/lib/dashboard/stats.server";
import { route } from "@/lib/http/route.server";

// GET /api/dashboard/stats, for admins.
export const GET = route({ auth: "admin", handle: () => getDashboardStats() });
