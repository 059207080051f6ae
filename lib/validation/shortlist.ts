import { z } from "@/lib/validation/zod";
import { SHORTLIST_KINDS } from "@/lib/shortlist/kinds";
import { idSchema } from "./common";

// /api/shortlist: a saved item is a program, a university or a scholarship, by id.

export { SHORTLIST_KINDS, type ShortlistKind } from "@/lib/shortlist/kinds";

/** More than a visitor's browser list could sensibly hold; bounds one merge. */
export const SHORTLIST_BATCH_MAX = 200;

export const shortlistKeySchema = z.object({
  type: z.enum(SHORTLIST_KINDS, { error: "type must be 'program', 'university' or 'scholarship'" }),
  id: idSchema,
});
export type ShortlistKey = z.output<typeof shortlistKeySchema>;

/** POST: one item or several (the browser's list merged at sign-in); saved ones are kept once. */
export const shortlistAddSchema = z.object({
  items: z
    .array(shortlistKeySchema)
    .min(1, "items must list at least one item")
    .max(SHORTLIST_BATCH_MAX, `items must list at most ${SHORTLIST_BATCH_MAX} items`),
});

/** DELETE ?type=&id=. */
export const shortlistRemoveQuerySchema = shortlistKeySchema;
