"use server";

import { action } from "@/lib/http/action.server";
import { z } from "@/lib/validation/zod";
import { unsubscribeReminders, UNSUBSCRIBED } from "./settings.server";

/**
 * The unsubscribe page's button, carrying the e-mail's token in a hidden field: a plain form post
 * that works without JavaScript. Opening the page alone changes nothing (mail scanners open links).
 */
export const unsubscribeAction = action({
  name: "unsubscribeReminders",
  audience: "public",
  reads: { token: z.string() },
  handle: async ({ data }) => {
    await unsubscribeReminders(String(data.get("token") ?? ""));
    return { message: UNSUBSCRIBED };
  },
});
