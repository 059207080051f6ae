import { NO_STORE } from "@/lib/health/liveness";
import { route } from "@/lib/http/route.server";

// Liveness: the process is up and serving. It calls no dependency, so a database or Redis outage
// never makes an orchestrator restart healthy servers (GET /api/ready says whether to send traffic).
export const dynamic = "force-dynamic";

export const GET = route({
  auth: "public",
  probe: true,
  handle: () => Response.json({ status: "ok" }, { headers: NO_STORE }),
});
