import { markCondition } from "@/lib/applications/conditions.server";
import { CONDITION_MARKING_PERMISSION } from "@/lib/applications/workflow";
import { route } from "@/lib/http/route.server";
import { conditionMarkSchema, conditionParamsSchema } from "@/lib/validation/application";

/**
 * Staff who make decisions mark one condition of an application's offer met, not met or pending again: 200 with the
 * condition; 404 for an unknown application or condition; 409 when the offer no longer stands or
 * someone marked the condition since `from`.
 */
export const PATCH = route({
  auth: "admin",
  permission: CONDITION_MARKING_PERMISSION,
  params: conditionParamsSchema,
  body: conditionMarkSchema,
  handle: ({ viewer, params, body }) => markCondition(viewer, params.id, params.conditionId, body),
});
