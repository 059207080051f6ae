import { canViewApplication } from "@/lib/auth/policy";
import { changeStatus, withdrawApplication } from "@/lib/applications/commands.server";
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
    const application = await getApplicationDetail(params.id);
    if (!application || !canViewApplication(viewer, application)) {
      throw notFound("Application not found");
    }
    return application;
  },
});

/**
 * Admins move an application along the review workflow (422 for a move it does not allow; 403 for
 * the admin who submitted it: another team member reviews it; 409 when `from`, the status the
 * admin saw, is no longer the application's).
 */
export const PATCH = route({
  auth: "admin",
  params: idParamsSchema,
  body: statusChangeSchema,
  handle: ({ viewer, params, body }) => changeStatus(viewer, params.id, body.status, body.note, body.from),
});

/** A student withdraws their own pending application. */
export const DELETE = route({
  auth: "user",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    await withdrawApplication(viewer.id, params.id);
    return noContent();
  },
});
