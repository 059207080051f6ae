import { z } from "zod";
import { OFFSET_MAX } from "@/lib/paging";

/** A database id in a route segment or query string: a positive whole number. */
export const idSchema = z.coerce
  .number({ error: "The id must be a positive whole number" })
  .int("The id must be a positive whole number")
  .positive("The id must be a positive whole number")
  .max(2_147_483_647, "The id must be a positive whole number");

export const idParamsSchema = z.object({ id: idSchema });

/** /api/applications/drafts/{programId}. */
export const programIdParamsSchema = z.object({ programId: idSchema });

/** limit/offset paging of the list endpoints: 50 by default, at most 500; offset at most OFFSET_MAX. */
export const pagingSchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 500" })
    .int("limit must be a whole number from 1 to 500")
    .min(1, "limit must be a whole number from 1 to 500")
    .max(500, "limit must be a whole number from 1 to 500")
    .default(50),
  offset: z.coerce
    .number({ error: "offset must be a whole number, 0 or more" })
    .int("offset must be a whole number, 0 or more")
    .min(0, "offset must be a whole number, 0 or more")
    .max(OFFSET_MAX, "offset must be a whole number, 0 or more")
    .default(0),
});
