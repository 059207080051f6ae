import { deleteContactMessage } from "@/lib/contact/commands.server";
import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { idParamsSchema } from "@/lib/validation/common";

// DELETE /api/contact/{id} (admins): deletes a contact-form message -> 204; 404 when there is none.
export const DELETE = route({
  auth: "admin",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    await deleteContactMessage(viewer, params.id);
    return noContent();
  },
});
