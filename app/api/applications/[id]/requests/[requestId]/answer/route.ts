import { answerRequest } from "@/lib/applications/requests.server";
import { route } from "@/lib/http/route.server";
import { requestAnswerSchema, requestParamsSchema } from "@/lib/validation/application";

/**
 * The student answers an open request of their application: 200 with the request, now answered.
 * 400 for a document request whose document is not uploaded yet, or a correction without an
 * answer; 404 for another's application or request; 409 for a request answered or closed, or a
 * closed application.
 */
export const POST = route({
  auth: "user",
  params: requestParamsSchema,
  body: requestAnswerSchema,
  handle: ({ viewer, params, body }) => answerRequest(viewer, params.id, params.requestId, body),
});
