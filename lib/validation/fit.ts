import { z } from "@/lib/validation/zod";
import { idSchema } from "./common";

/** The most programs one fit request checks: a university page's programs, or a comparison's. */
export const FIT_PROGRAMS_MAX = 200;
export const FIT_PROGRAMS_MESSAGE = `programs must be 1 to ${FIT_PROGRAMS_MAX} program ids separated by commas`;

/** GET /api/user/fit?programs=3,8,12: distinct program ids, in the order given. */
export const fitQuerySchema = z.object({
  programs: z.string({ error: FIT_PROGRAMS_MESSAGE }).transform((text, context) => {
    const parts = text.split(",").map((part) => part.trim());
    const ids = parts.map((part) => idSchema.safeParse(part));
    if (parts.length > FIT_PROGRAMS_MAX || ids.some((id) => !id.success)) {
      context.addIssue({ code: "custom", message: FIT_PROGRAMS_MESSAGE });
      return z.NEVER;
    }
    return [...new Set(ids.map((id) => id.data as number))];
  }),
});
