import { route } from "@/lib/http/route.server";
import { SEARCH_ALERTS_UNSUBSCRIBED, unsubscribeSearchAlerts } from "@/lib/saved-searches/searches.server";
import { searchAlertTokenQuerySchema } from "@/lib/validation/saved-searches";

// The List-Unsubscribe address of saved search alert e-mails. POST is RFC 8058's one-click
// unsubscribe (the signed token names the searches; the body is not needed). A GET (an older
// client, a link scanner) changes nothing: it is sent to the page whose button confirms.

export const POST = route({
  auth: "public",
  query: searchAlertTokenQuerySchema,
  handle: async ({ query }) => {
    await unsubscribeSearchAlerts(query.token);
    return { message: SEARCH_ALERTS_UNSUBSCRIBED };
  },
});

export const GET = route({
  auth: "public",
  query: searchAlertTokenQuerySchema,
  handle: ({ query }) =>
    new Response(null, {
      status: 303,
      headers: { Location: `/searches/unsubscribe?token=${encodeURIComponent(query.token)}` },
    }),
});
