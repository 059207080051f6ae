import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { deleteDocumentType } from "@/lib/settings/document-types.server";
import { idParamsSchema } from "@/lib/validation/common";

/** DELETE 204, or 409 saying how many programs and documents use the type. */
export const DELETE = route({
  auth: "superAdmin",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    await deleteDocumentType(viewer, params.id);
    return noContent();
  },
});
