import { z } from "@/lib/validation/zod";
import { OFFSET_MAX } from "@/lib/paging";

const ID_MESSAGE = "The id must be a positive whole number";

/**
 * A database id in a route segment, query string or body: a string of 1 to 10 digits or a whole
 * number, from 1 to 2147483647 (PostgreSQL's integer). Digits only: Number() would also read
 * "0x10", "1e3" and " 7".
 */
export const idSchema = z
  .custom<string | number>(
    (value) => (typeof value === "string" && /^[0-9]{1,10}$/.test(value)) || typeof value === "number",
    { error: ID_MESSAGE },
  )
  .transform(Number)
  .pipe(z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE));

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

/** An empty string, null or missing value counts as not given (the form's selects start empty). */
export const blankToUndefined = (value: unknown) =>
  value === "" || value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/**
 * A whole number that the form holds as a string ("42") and API clients may send as a number:
 * `required` when empty or missing, `invalid` for anything else that is not a whole number.
 */
export function wholeNumber(required: string, invalid: string) {
  return z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      if (typeof blank === "string" && /^\d+$/.test(blank.trim())) return Number(blank.trim());
      return blank;
    },
    z.number({ error: (issue) => (issue.input === undefined ? required : invalid) }).int(invalid),
  );
}

const VERSION_MESSAGE = "version must be a whole number, 0 or more";

/**
 * The version of a row an edit was based on (what the form or GET returned). Optional: an API
 * client that sends none writes unconditionally, as before versions existed; the forms always
 * send it. A string of digits too, for forms posted without JavaScript. 0: the row did not exist
 * yet (a setting never saved).
 */
export const versionSchema = z.coerce
  .number({ error: VERSION_MESSAGE })
  .int(VERSION_MESSAGE)
  .min(0, VERSION_MESSAGE)
  .max(2_147_483_647, VERSION_MESSAGE)
  .optional();

/**
 * The answer to an edit based on an older version: `thing` names the row ("program",
 * "university"...). Shown on the form with a way to reload.
 */
export function changedSinceOpened(thing: string): string {
  return `This ${thing} was changed by someone else since you opened it: reload to see their change.`;
}
