import { z } from "@/lib/validation/zod";

// The query of the addresses that carry a reminder token: the unsubscribe endpoint and
// the calendar feed. A token of the right shape but unknown or reset is a 404 (lib/reminders).

export const reminderTokenQuerySchema = z.object({
  token: z
    .string({ error: "The link is incomplete: copy the whole address." })
    .min(1, "The link is incomplete: copy the whole address.")
    .max(200, "The link is not valid: copy the whole address."),
});
