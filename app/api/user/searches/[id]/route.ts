import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { deleteSavedSearch, updateSavedSearch } from "@/lib/saved-searches/searches.server";
import { idParamsSchema } from "@/lib/validation/common";
import { savedSearchUpdateSchema } from "@/lib/validation/saved-searches";

// One of the signed-in user's saved searches; another user's is a 404, as a missing one.

/** Renames it or turns its alert on or off. */
export const PATCH = route({
  auth: "user",
  params: idParamsSchema,
  body: savedSearchUpdateSchema,
  handle: ({ viewer, params, body }) => updateSavedSearch(viewer.id, params.id, body),
});

export const DELETE = route({
  auth: "user",
  params: idParamsSchema,
  handle: async ({ viewer, params }) => {
    await deleteSavedSearch(viewer.id, params.id);
    return noContent();
  },
});
