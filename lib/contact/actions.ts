"use server";

import { action } from "@/lib/http/action.server";
import { contactMessageSchema } from "@/lib/validation/contact";
import { sendContactMessage } from "./commands.server";
import { CONTACT_SENT } from "./messages";

// The contact form's one path, with or without JavaScript. POST /api/contact, for API clients,
// validates with the same schema and stores through the same sendContactMessage (rate-limited per
// client address).

/** POST /api/contact's work; the form's values come back on a refusal, never after success. */
export const sendContactMessageAction = action({
  name: "sendContactMessage",
  audience: "public",
  schema: contactMessageSchema,
  echo: ["name", "email", "subject", "message"],
  handle: async ({ input }) => {
    await sendContactMessage(input);
    return { message: CONTACT_SENT };
  },
});
