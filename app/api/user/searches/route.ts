import { created } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { listSavedSearches, saveSearch } from "@/lib/saved-searches/searches.server";
import { savedSearchCreateSchema } from "@/lib/validation/saved-searches";

// The signed-in user's saved searches (lib/saved-searches): listed, and saved with a name.

export const GET = route({
  auth: "user",
  handle: async ({ viewer }) => ({ items: await listSavedSearches(viewer.id) }),
});

/** Saves { kind, query, name, alertsEnabled? }: the query made canonical; 409 when saved already. */
export const POST = route({
  auth: "user",
  body: savedSearchCreateSchema,
  handle: async ({ viewer, body }) => {
    const search = await saveSearch(viewer.id, body);
    return created(search, `/api/user/searches/${search.id}`);
  },
});
