import { closeRequest } from "@/lib/applications/requests.server";
import { route } from "@/lib/http/route.server";
import { requestParamsSchema } from "@/lib/validation/application";

/**
 * Staff close a request of an application, answered or not: 200 with the request. 404 for an
 * unknown application or request; 403 on the admin's own application. A closed one stays closed.
 */
export const POST = route({
  auth: "admin",
  params: requestParamsSchema,
  handle: ({ viewer, params }) => closeRequest(viewer, params.id, params.requestId),
});
