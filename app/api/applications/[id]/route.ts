import { requireRole, requireUser } from "@/lib/auth/session";
import { changeStatus, withdrawApplication } from "@/lib/applications/commands";
import { getApplicationDetail } from "@/lib/applications/queries";
import { notFound } from "@/lib/http/errors";
import { parseJson, parseParams, route } from "@/lib/http/route";
import { statusChangeSchema } from "@/lib/validation/application";
import { idParamsSchema } from "@/lib/validation/common";

type Params = { id: string };

/** One application with its history: its student or an admin; anyone else gets a 404. */
export const GET = route<Params>(async (_request, context) => {
  const viewer = await requireUser();
  const { id } = await parseParams(context, idParamsSchema);
  const application = await getApplicationDetail(id);
  if (!application || (viewer.role !== "admin" && application.student.id !== viewer.id)) {
    throw notFound("Application not found");
  }
  return Response.json(application, { headers: { "Cache-Control": "private, no-store" } });
});

/** Admins move an application along the review workflow (422 for a move it does not allow). */
export const PATCH = route<Params>(async (request, context) => {
  const admin = await requireRole("admin");
  const { id } = await parseParams(context, idParamsSchema);
  const { status, note } = await parseJson(request, statusChangeSchema);
  return Response.json(await changeStatus(admin.id, id, status, note));
});

/** A student withdraws their own pending application. */
export const DELETE = route<Params>(async (_request, context) => {
  const viewer = await requireUser();
  const { id } = await parseParams(context, idParamsSchema);
  await withdrawApplication(viewer.id, id);
  return new Response(null, { status: 204 });
});
