import { z } from "@/lib/validation/zod";
import { canonicalSearch, SAVED_SEARCH_KINDS } from "@/lib/saved-searches/kinds";
import { isOneLine, oneLineMessage } from "./text";

// A saved search as a student names it (the form beside the search, POST /api/user/searches)
// and as they change it (PATCH /api/user/searches/{id}): shared by the forms, the server actions
// and the route handlers, so all of them give the same messages.

/** The most saved searches a student may keep: enough for every search they follow, bounded for the weekly job. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** A search's query string is bounded by its filters' own limits; this bounds what is parsed at all. */
const QUERY_MAX = 2000;

export const SAVED_SEARCHES_FULL = `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one you no longer need on the Saved searches page, then save this one.`;
export const NAME_REQUIRED = "Give the search a name";

export const savedSearchNameSchema = z
  .string({ error: NAME_REQUIRED })
  .trim()
  .min(1, NAME_REQUIRED)
  .max(SAVED_SEARCH_NAME_MAX, `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters`)
  .refine(isOneLine, oneLineMessage("The name"));

/** A check box of a form ("on" when ticked, absent when not) or a JSON boolean. */
const alertsSchema = z.preprocess(
  (value) =>
    value === "on" || value === "true" ? true : value === undefined || value === "false" ? false : value,
  z.boolean({ error: "alertsEnabled must be true or false" }),
);

/**
 * POST: the search's kind and its query string as the search page has it ("?country=DE&sort=name",
 * or without "?"), made canonical (lib/saved-searches/kinds.ts); a filter the search refuses is
 * refused here with the search's own message.
 */
export const savedSearchCreateSchema = z
  .object({
    kind: z.enum(SAVED_SEARCH_KINDS, { error: `kind must be one of: ${SAVED_SEARCH_KINDS.join(", ")}` }),
    query: z
      .string({ error: "query must be the search's query string" })
      .max(QUERY_MAX, `query must be at most ${QUERY_MAX} characters`)
      .default(""),
    name: savedSearchNameSchema,
    alertsEnabled: alertsSchema.default(true),
  })
  .transform((input, context) => {
    const canonical = canonicalSearch(input.kind, input.query);
    if (!canonical.ok) {
      context.addIssue({ code: "custom", path: ["query"], message: canonical.message });
      return z.NEVER;
    }
    return { ...input, query: canonical.query };
  });
export type SavedSearchCreate = z.output<typeof savedSearchCreateSchema>;

/** PATCH: a new name, the alert on or off, or both. */
export const savedSearchUpdateSchema = z
  .object({
    name: savedSearchNameSchema.optional(),
    alertsEnabled: alertsSchema.optional(),
  })
  .refine((input) => input.name !== undefined || input.alertsEnabled !== undefined, {
    message: "Send a new name or alertsEnabled",
  });
export type SavedSearchUpdate = z.output<typeof savedSearchUpdateSchema>;

/** The e-mail's unsubscribe address: ?token= (lib/saved-searches/tokens.server.ts). */
export const searchAlertTokenQuerySchema = z.object({
  token: z.string({ error: "token is required" }).max(400, "token is not valid"),
});

/** What the forms check in the browser before sending (the rest comes in hidden fields). */
export const savedSearchNameFormSchema = z.object({ name: savedSearchNameSchema });
