import { canReviewApplication, canViewApplication } from "@/lib/auth/policy";
import { withdrawApplication } from "@/lib/applications/commands.server";
import { moveApplication } from "@/lib/applications/transition.server";
import { getApplicationDetail } from "@/lib/applications/queries.server";
import { notFound } from "@/lib/http/errors";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { statusChangeSchema } from "@/lib/validation/application";
import { idParamsSchema } from "@/lib/validation/common";

/** One application with its history: its student or an admin; anyone else gets a 404. */
export const GET = route({
  auth: "user",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    const staff = await getApplicationDetail(params.id, "staff");
    if (!staff || !canViewApplication(viewer, staff)) {
      throw notFound("Application not found");
    }
    // Its student (staff too, on their own application) reads it as students do.
    return canReviewApplication(viewer, staff) ? staff : getApplicationDetail(params.id, "student");
  },
});

/**
 * Admins move an application along its life (lib/applications/workflow.ts): 409 for a move the
 * table does not allow, naming the allowed ones, or when `from`, the status the admin saw, is no
 * longer the application's; 403 for the admin who submitted it (another team member reviews it);
 * 400 when the move needs something the body does not give (a reason, the interview's details).
 */
export const PATCH = route({
  auth: "admin",
  params: idParamsSchema,
  body: statusChangeSchema,
  handle: ({ viewer, params, body }) => moveApplication(viewer, params.id, body),
});

/**
 * A student withdraws their own application at any stage before enrolment; it stays, as
 * withdrawn, with its history.
 */
export const DELETE = route({
  auth: "user",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    await withdrawApplication(viewer, params.id);
    return noContent();
  },
});
