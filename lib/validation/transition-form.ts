import { INTERVIEW_MODES } from "@/lib/applications/interview";
import { isTimeZone, zonedDateTime } from "@/lib/dates/zones";
import { APPLICATION_STATUSES } from "@/lib/applications/status";
import { MISSING_REQUIREMENT, transitionsFrom, type Requirement } from "@/lib/applications/workflow";
import { isDay } from "@/lib/list-keys";
import { z } from "@/lib/validation/zod";
import {
  CONDITION_MAX,
  CONDITIONS_MAX,
  REASON_DETAIL_REQUIRED,
  REASON_DETAIL_TOO_LONG,
  REASON_MAX,
  NOTE_MAX,
  REJECTION_REASON_CODES,
  statusChangeSchema,
} from "./application";
import { idSchema } from "./common";

// The admin's form for one move of an application (the forms of the application's page, sent to
// moveApplicationAction). Its fields are what a person fills in: a date, a time and a time zone
// for an interview; a box and a sentence per rejection reason; lines of conditions, blank ones left
// out. The schema turns them into the PATCH route's input and checks that with the route's own
// schema (statusChangeSchema), so the form and the API refuse the same things, each message on the
// field that caused it. It asks more than the API where the admin's screens do: what the move
// needs (a reason, an interview, a start term) before it is sent, and a rejection gives at least
// one reason (the API keeps them optional for clients of the original contract).

const api = statusChangeSchema.shape;
const apiOffer = api.offer.unwrap();
const apiInterview = api.interview.unwrap();
const apiReasons = api.reasons.unwrap();

export const START_TERM_MAX = 80;
const TERM_TOO_LONG = `The start term must be at most ${START_TERM_MAX} characters`;
export const REASONS_REQUIRED = "Choose at least one reason, and say what it means for this application";

const REPLY_BY_REQUIRED = "Give the date the student must reply by";
const DATE_REQUIRED = "Give the interview's date";
const TIME_REQUIRED = "Give the interview's time";
const ZONE_REQUIRED = "Choose the time zone of the date and time";
const LOCATION_REQUIRED = "Give the link or the place";

const DIGITS = /^\d{1,2}$/;

/** An offer's fields: numbered condition lines (blank ones left out), the reply-by date, the start. */
const offerFields = z
  .object({
    conditions: z
      .record(
        z.string().regex(DIGITS),
        z.string().trim().max(CONDITION_MAX, `A condition must be at most ${CONDITION_MAX} characters`),
      )
      .optional(),
    replyBy: z.string({ error: REPLY_BY_REQUIRED }).refine(isDay, REPLY_BY_REQUIRED),
    startTerm: z.string().trim().max(START_TERM_MAX, TERM_TOO_LONG).optional(),
  })
  .superRefine(({ conditions = {} }, context) => {
    if (Object.values(conditions).filter(Boolean).length > CONDITIONS_MAX)
      context.addIssue({
        code: "custom",
        path: ["conditions"],
        message: `An offer has at most ${CONDITIONS_MAX} conditions`,
      });
  })
  .transform(({ conditions = {}, replyBy, startTerm }): z.input<typeof apiOffer> => ({
    conditions: Object.entries(conditions)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, condition]) => condition)
      .filter(Boolean),
    replyBy,
    ...(startTerm ? { startTerm } : {}),
  }))
  .pipe(apiOffer);

/** An interview's fields: the date and time on the clocks of its time zone, how, where. */
const interviewFields = z
  .object({
    date: z.string({ error: DATE_REQUIRED }).refine(isDay, DATE_REQUIRED),
    time: z.string({ error: TIME_REQUIRED }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_REQUIRED),
    timeZone: z.string({ error: ZONE_REQUIRED }).refine(isTimeZone, ZONE_REQUIRED),
    mode: z.enum(INTERVIEW_MODES, { error: "Choose online or in person" }),
    location: z
      .string({ error: LOCATION_REQUIRED })
      .trim()
      .min(1, LOCATION_REQUIRED)
      .max(500, "At most 500 characters"),
    notes: z.string().trim().max(NOTE_MAX, `The notes must be at most ${NOTE_MAX} characters`).optional(),
  })
  .transform(({ date, time, timeZone, notes, ...where }): z.input<typeof apiInterview> => ({
    startsAt: zonedDateTime(date, time, timeZone),
    timeZone,
    ...where,
    ...(notes ? { notes } : {}),
  }))
  .pipe(apiInterview);

/** A rejection reason's box, and the sentence saying what it means for this application. */
const rejectionReason = z
  .object({ chosen: z.string().optional(), detail: z.string().trim().optional() })
  .superRefine(({ chosen, detail }, context) => {
    if (!chosen) return;
    if (!detail) context.addIssue({ code: "custom", path: ["detail"], message: REASON_DETAIL_REQUIRED });
    else if (detail.length > REASON_MAX)
      context.addIssue({ code: "custom", path: ["detail"], message: REASON_DETAIL_TOO_LONG });
  });

/** The rejection reasons, by code: the chosen ones, in the list's order. */
const rejectionFields = z
  .partialRecord(z.enum(REJECTION_REASON_CODES), rejectionReason)
  .transform((reasons): z.input<typeof apiReasons> =>
    REJECTION_REASON_CODES.flatMap((code) => {
      const reason = reasons[code];
      return reason?.chosen ? [{ code, detail: reason.detail ?? "" }] : [];
    }),
  )
  .pipe(apiReasons);

/** The requirements of the moves from `from` to `status` (staff all make the same moves). */
function requirementsOf(from: unknown, status: unknown): Set<Requirement> {
  const moves = APPLICATION_STATUSES.includes(from as never)
    ? transitionsFrom(from as (typeof APPLICATION_STATUSES)[number], "teamAdmin").filter(
        (t) => t.to === status,
      )
    : [];
  return new Set(moves.flatMap((t) => t.requires));
}

export const transitionFormSchema = statusChangeSchema
  .extend({
    id: idSchema,
    /** The status the page showed: a move since (someone else's) refuses this one (409). */
    from: z.enum(APPLICATION_STATUSES, { error: `from must be one of: ${APPLICATION_STATUSES.join(", ")}` }),
    startTerm: z
      .string()
      .trim()
      .max(START_TERM_MAX, TERM_TOO_LONG)
      .optional()
      .transform((term) => term || undefined),
    offer: offerFields.optional(),
    interview: interviewFields.optional(),
    reasons: rejectionFields.optional(),
  })
  .superRefine((input, context) => {
    const needs = requirementsOf(input.from, input.status);
    const missing = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (needs.has("reason") && !input.reason) missing("reason", MISSING_REQUIREMENT.reason);
    if (needs.has("interview") && !input.interview) missing("interview", MISSING_REQUIREMENT.interview);
    if (needs.has("startTerm") && !input.startTerm) missing("startTerm", MISSING_REQUIREMENT.startTerm);
    // A list means the reasons were read without a fault; none chosen is what is missing.
    if (
      needs.has("rejectionReasons") &&
      (!input.reasons || (Array.isArray(input.reasons) && !input.reasons.length))
    )
      missing("reasons", REASONS_REQUIRED);
  });

export type TransitionFormInput = z.output<typeof transitionFormSchema>;

/**
 * The form's fields as the schema reads them: "offer.conditions.0" becomes { offer: { conditions:
 * { 0: ... } } }. Numbered parts stay keys of objects, never array positions, so a hostile
 * "offer.conditions.999999999" cannot make a huge list.
 */
export function transitionFormFields(
  entries: Iterable<[string, FormDataEntryValue]>,
): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    const path = name.split(".");
    if (path.some((part) => part === "__proto__" || part === "constructor" || part === "prototype")) continue;
    let node = root;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = (next && typeof next === "object" ? next : (node[part] = {})) as Record<string, unknown>;
    }
    node[path[path.length - 1]] = value;
  }
  return root;
}

/** Every field of the forms, given back after a refusal to fill the form in again. */
export const TRANSITION_FORM_FIELDS = [
  "note",
  "reason",
  "startTerm",
  "offer.replyBy",
  "offer.startTerm",
  ...Array.from({ length: CONDITIONS_MAX }, (_, i) => `offer.conditions.${i}`),
  "interview.date",
  "interview.time",
  "interview.timeZone",
  "interview.mode",
  "interview.location",
  "interview.notes",
  ...REJECTION_REASON_CODES.flatMap((code) => [`reasons.${code}.chosen`, `reasons.${code}.detail`]),
] as const;
