import { route } from "@/lib/http/route.server";
import { unsubscribeReminders, UNSUBSCRIBED } from "@/lib/reminders/settings.server";
import { reminderTokenQuerySchema } from "@/lib/validation/reminders";

// The List-Unsubscribe address of reminder e-mails. POST is RFC 8058's one-click
// unsubscribe: the mail client posts "List-Unsubscribe=One-Click" (the body is not needed: the
// signed token says who). A GET (an older client, a link scanner) changes nothing: it is sent to
// the page whose button confirms.

export const POST = route({
  auth: "public",
  query: reminderTokenQuerySchema,
  handle: async ({ query }) => {
    await unsubscribeReminders(query.token);
    return { message: UNSUBSCRIBED };
  },
});

export const GET = route({
  auth: "public",
  query: reminderTokenQuerySchema,
  handle: ({ query }) =>
    new Response(null, {
      status: 303,
      headers: { Location: `/reminders/unsubscribe?token=${encodeURIComponent(query.token)}` },
    }),
});
