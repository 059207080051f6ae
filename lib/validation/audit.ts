import { z } from "@/lib/validation/zod";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "@/lib/audit/entries";
import { defineListQuery } from "@/lib/list-query";
import { oneOfKey, searchKey } from "@/lib/list-keys";
import { idSchema } from "./common";

export const ALL_ENTITIES = "all";

/**
 * GET /api/audit and /admin/audit (super admins): ?q= (the admin's name, the row's label or the
 * action, case-insensitive substring) and ?entityType= (what was changed, or "all").
 */
export const auditListQuery = defineListQuery({
  q: searchKey,
  entityType: oneOfKey([ALL_ENTITIES, ...AUDIT_ENTITY_TYPES] as const, ALL_ENTITIES),
});

/** GET /api/audit: the list's query with limit/offset, one action, and one admin's entries. */
export const auditListQuerySchema = auditListQuery.apiSchema.extend({
  action: z.enum(AUDIT_ACTIONS, { error: "action is not one the audit log records" }).optional(),
  actorId: idSchema.optional(),
});
