import { checkReadiness, notReady } from "@/lib/health/readiness.server";
import { NO_STORE } from "@/lib/health/liveness";
import { route } from "@/lib/http/route.server";

// Readiness: 200 when the database answers, its migrations are current, Redis answers (when
// configured) and the mail worker runs; else 503 in the one error shape, naming the parts that
// failed (lib/health/readiness.server.ts).
export const dynamic = "force-dynamic";

export const GET = route({
  auth: "public",
  probe: true,
  handle: async () => {
    const readiness = await checkReadiness();
    if (!readiness.ready) throw notReady(readiness);
    return Response.json({ status: "ready", checks: readiness.checks }, { headers: NO_STORE });
  },
});
