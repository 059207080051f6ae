import { listAuditEvents } from "@/lib/audit/queries.server";
import { paged } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { ALL_ENTITIES, auditListQuerySchema } from "@/lib/validation/audit";

// GET /api/audit: the audit log, newest first, super admins only. ?q=, ?entityType=,
// ?action=, ?actorId=, ?limit=&offset=; the total is in X-Total-Count.
export const GET = route({
  auth: "superAdmin",
  query: auditListQuerySchema,
  handle: async ({ query: { q, entityType, action, actorId, limit, offset } }) =>
    paged(
      await listAuditEvents({
        search: q,
        entityType: entityType === ALL_ENTITIES ? undefined : entityType,
        action,
        actorId,
        limit,
        offset,
      }),
    ),
});
