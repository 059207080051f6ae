import { noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { addToShortlist, removeFromShortlist } from "@/lib/shortlist/commands.server";
import { listShortlist } from "@/lib/shortlist/queries.server";
import { shortlistAddSchema, shortlistRemoveQuerySchema } from "@/lib/validation/shortlist";

// The signed-in user's shortlist. A 401 tells the Save control that the visitor is
// signed out, so it keeps the list in the browser instead.

export const GET = route({
  auth: "user",
  handle: async ({ viewer }) => ({ items: await listShortlist(viewer.id, new Date()) }),
});

/** Saves one or more items; answers the shortlist and the items that could not be saved. */
export const POST = route({
  auth: "user",
  body: shortlistAddSchema,
  handle: async ({ viewer, body }) => {
    const { skipped } = await addToShortlist(viewer.id, body.items);
    return { items: await listShortlist(viewer.id, new Date()), skipped };
  },
});

export const DELETE = route({
  auth: "user",
  query: shortlistRemoveQuerySchema,
  handle: async ({ viewer, query }) => {
    await removeFromShortlist(viewer.id, query);
    return noContent();
  },
});
