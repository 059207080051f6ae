import { assignApplication } from "@/lib/applications/assignment.server";
import { route } from "@/lib/http/route.server";
import { assigneeSchema } from "@/lib/validation/application";
import { idParamsSchema } from "@/lib/validation/common";

/**
 * Who handles the application in the team's workspace: `assigneeId`, an active member of staff
 * (the viewer's own id to claim it), or null to unassign. 403 on the admin's own application, 404
 * for an unknown one, 422 for an assignee who is not active staff or who submitted it.
 */
export const PUT = route({
  auth: "admin",
  params: idParamsSchema,
  body: assigneeSchema,
  handle: ({ viewer, params, body }) => assignApplication(viewer, params.id, body.assigneeId),
});
