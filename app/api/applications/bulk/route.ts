import { runBulkAction } from "@/lib/applications/bulk.server";
import { route } from "@/lib/http/route.server";
import { bulkSchema } from "@/lib/validation/application";

/**
 * A bulk action of the team's workspace: assign, move to a status or add a private note, on the
 * given ids or on every application matching the filters (with the count the person confirmed:
 * 409 when another number matches now; 422 beyond the limit). Each row is checked and changed on
 * its own; the answer lists the changed, the unchanged and the refused with the reason.
 */
export const POST = route({
  auth: "admin",
  body: bulkSchema,
  handle: ({ viewer, body }) => runBulkAction(viewer, body),
});
