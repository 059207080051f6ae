import { sendContactMessage } from "@/lib/contact/commands.server";
import { CONTACT_SENT } from "@/lib/contact/messages";
import { listContactMessages } from "@/lib/contact/queries.server";
import { created, paged } from "@/lib/http/responses";
import { route } from "@/lib/http/route.server";
import { contactListQuerySchema, contactMessageSchema } from "@/lib/validation/contact";

// POST /api/contact: the contact form's message (anyone; rate-limited per client address) -> 201
// with the confirmation. GET /api/contact: the messages for admins, newest first (?q=,
// ?limit=&offset=; the total in X-Total-Count), as /admin/messages lists them.
export const POST = route({
  auth: "public",
  body: contactMessageSchema,
  handle: async ({ body }) => {
    await sendContactMessage(body);
    return created({ message: CONTACT_SENT });
  },
});

export const GET = route({
  auth: "admin",
  query: contactListQuerySchema,
  handle: async ({ query: { q, limit, offset } }) =>
    paged(await listContactMessages({ search: q, limit, offset })),
});
