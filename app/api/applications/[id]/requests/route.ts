import { createRequest } from "@/lib/applications/requests.server";
import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { documentRequestSchema } from "@/lib/validation/application";
import { idParamsSchema } from "@/lib/validation/common";

/**
 * Staff ask the student for a document (`documentType`, a type's name) or a correction (none),
 * with a message; the student is e-mailed. 201 with the request; 404 for an unknown application;
 * 403 on the admin's own application; 409 once the application is closed; 400 for an unknown type
 * or a missing message.
 */
export const POST = route({
  auth: "admin",
  params: idParamsSchema,
  body: documentRequestSchema,
  handle: async ({ viewer, params, body }) => created(await createRequest(viewer, params.id, body)),
});
