import { route } from "@/lib/http/route.server";
import { deadlinesCalendar } from "@/lib/reminders/calendar.server";
import { reminderTokenQuerySchema } from "@/lib/validation/reminders";

// The private calendar feed. Public to route(): calendar apps have no session, so the
// signed token in the query is the key (proxy.ts lets this address through signed out).
export const GET = route({
  auth: "public",
  query: reminderTokenQuerySchema,
  handle: async ({ query }) =>
    new Response(await deadlinesCalendar(query.token), {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="deadlines.ics"',
        "Cache-Control": "private, no-store",
        // The address is the key: never pass it on as a referrer.
        "Referrer-Policy": "no-referrer",
      },
    }),
});
