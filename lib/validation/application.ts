import { z } from "@/lib/validation/zod";
import { APPLICATION_STATUSES } from "@/lib/applications/status";
import { defineListQuery } from "@/lib/list-query";
import { allOrOneOfKey, searchKey } from "@/lib/list-keys";
import { isOneLine, oneLineMessage, storedLimit, textField } from "./text";

// The application form, shared by the two-step form and POST /api/applications.

export const STATEMENT_MIN = 500;
export const STATEMENT_MAX = 5000;
export const GRADUATION_YEAR_MIN = 1900;
/** A student still at school or university gives the year they expect to graduate, this far ahead. */
export const GRADUATION_YEARS_AHEAD = 6;
export const INSTITUTION_MAX = 200;
export const DEGREE_MAX = 200;
/** Room for every common way of writing a grade: "3.8 / 4.0", "Upper Second Class (2:1)", "1,7 (gut)". */
export const GPA_MAX = 60;

/**
 * What a draft keeps of each field: more than the form accepts, so that a text typed or pasted
 * too long is saved whole and the student sees the form's "too long" message to shorten it.
 */
/**
 * A draft save based on an older copy than the saved one (409, on the field `version`): another
 * tab or device saved since, or the page came back from the browser's history.
 */
export const DRAFT_CHANGED =
  "A newer draft of this application was saved since this page was opened: it has been loaded.";

export const DRAFT_LIMITS = {
  personalStatement: storedLimit(STATEMENT_MAX),
  institution: INSTITUTION_MAX * 2,
  degree: DEGREE_MAX * 2,
  gpa: GPA_MAX * 2,
} as const;

/** Counted as a person sees it (lib/validation/text.ts): blank space and padding do not count. */
export const personalStatementSchema = textField({
  min: STATEMENT_MIN,
  max: STATEMENT_MAX,
  required: `Personal statement must be at least ${STATEMENT_MIN} characters`,
  tooLong: `Personal statement cannot exceed ${STATEMENT_MAX} characters`,
});

/** The last graduation year the form accepts: an expected one, GRADUATION_YEARS_AHEAD from now. */
export function graduationYearMax(now = new Date()) {
  return now.getUTCFullYear() + GRADUATION_YEARS_AHEAD;
}

/** Graduation years run from 1900 to a few years ahead (the form's number input says the same). */
export function graduationYearSchema(now = new Date()) {
  const max = graduationYearMax(now);
  return z.coerce
    .number({ error: "Graduation year is required" })
    .int(`Enter a year from ${GRADUATION_YEAR_MIN} to ${max}`)
    .min(GRADUATION_YEAR_MIN, `Enter a year from ${GRADUATION_YEAR_MIN} to ${max}`)
    .max(max, `Enter a year from ${GRADUATION_YEAR_MIN} to ${max}`);
}

export function academicHistorySchema(now = new Date()) {
  return z.object({
    institution: z
      .string({ error: "Institution is required" })
      .trim()
      .min(1, "Institution is required")
      .max(INSTITUTION_MAX, `Institution must be at most ${INSTITUTION_MAX} characters`)
      .refine(isOneLine, oneLineMessage("Institution")),
    degree: z
      .string({ error: "Degree is required" })
      .trim()
      .min(1, "Degree is required")
      .max(DEGREE_MAX, `Degree must be at most ${DEGREE_MAX} characters`)
      .refine(isOneLine, oneLineMessage("Degree")),
    gpa: z
      .string({ error: "GPA is required" })
      .trim()
      .min(1, "GPA is required")
      .max(GPA_MAX, `GPA must be at most ${GPA_MAX} characters`)
      .refine(isOneLine, oneLineMessage("GPA")),
    graduationYear: z
      .preprocess(
        (value) => (value === "" || value === null ? undefined : value),
        graduationYearSchema(now).optional(),
      )
      .refine((value) => value !== undefined, "Graduation year is required"),
  });
}

export function applicationSchema(now = new Date()) {
  return z.object({
    programId: z.coerce.number({ error: "Choose a program" }).int().positive("Choose a program"),
    personalStatement: personalStatementSchema,
    academicHistory: academicHistorySchema(now),
  });
}

export type ApplicationInput = z.infer<ReturnType<typeof applicationSchema>>;

export const NOTE_MAX = 2000;
export const STATUS_REQUIRED = "Choose the new status";

/** An admin's status change (PATCH /api/applications/{id}, the Update Status dialog). */
export const statusChangeSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, {
    // A missing status is what the dialog's unchosen select sends: say so in its words.
    error: (issue) =>
      issue.input === undefined
        ? STATUS_REQUIRED
        : `status must be one of: ${APPLICATION_STATUSES.join(", ")}`,
  }),
  note: z
    .string()
    .trim()
    .max(NOTE_MAX, `The note must be at most ${NOTE_MAX} characters`)
    .optional()
    .transform((note) => note || null),
  /**
   * The status the dialog was opened with; the change is refused (409) when the application has
   * moved since. Optional for API clients, which then move it from wherever it is.
   */
  from: z
    .enum(APPLICATION_STATUSES, { error: `from must be one of: ${APPLICATION_STATUSES.join(", ")}` })
    .optional(),
});

export type StatusChangeInput = z.input<typeof statusChangeSchema>;

export const STATUS_FILTERS = ["all", ...APPLICATION_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * GET /api/applications (a student's own, or for admins everyone's), /admin/applications and My
 * Applications: ?status= and ?q= (a student's full name or a program name).
 */
export const applicationsListQuery = defineListQuery({
  status: allOrOneOfKey(APPLICATION_STATUSES),
  q: searchKey,
});

/** GET /api/applications: the list's query with limit/offset. */
export const applicationsListQuerySchema = applicationsListQuery.apiSchema;
