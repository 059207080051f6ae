import { requireRole } from "@/lib/auth/session";
import { getDashboardStats } from "@/lib/dashboard/stats";
import { route } from "@/lib/http/route";

// SPEC §7: GET /api/dashboard/stats, for admins.
export const GET = route(async () => {
  await requireRole("admin");
  return Response.json(await getDashboardStats(), { headers: { "Cache-Control": "private, no-store" } });
});
