import { z } from "@/lib/validation/zod";
import { APPLICATION_STATUSES } from "@/lib/applications/status";
import { defineListQuery, queryField, searchField } from "@/lib/list-query";

// The application form (SPEC §5), shared by the two-step form and POST /api/applications.

export const STATEMENT_MIN = 500;
export const STATEMENT_MAX = 5000;
export const GRADUATION_YEAR_MIN = 1900;

export const personalStatementSchema = z
  .string({ error: `Personal statement must be at least ${STATEMENT_MIN} characters` })
  .min(STATEMENT_MIN, `Personal statement must be at least ${STATEMENT_MIN} characters`)
  .max(STATEMENT_MAX, `Personal statement cannot exceed ${STATEMENT_MAX} characters`);

/** Graduation years run from 1900 to this year (the form's number input says the same). */
export function graduationYearSchema(now = new Date()) {
  const max = now.getUTCFullYear();
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
      .max(200),
    degree: z.string({ error: "Degree is required" }).trim().min(1, "Degree is required").max(200),
    gpa: z
      .string({ error: "GPA is required" })
      .trim()
      .min(1, "GPA is required")
      .max(20, "GPA must be at most 20 characters"),
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
});

export type StatusChangeInput = z.input<typeof statusChangeSchema>;

export const STATUS_FILTERS = ["all", ...APPLICATION_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * GET /api/applications (a student's own, or for admins everyone's), /admin/applications and My
 * Applications: ?status= and ?q= (a student's full name or a program name).
 */
export const applicationsListQuery = defineListQuery({
  status: queryField(
    z
      .enum(STATUS_FILTERS, { error: `status must be 'all' or one of: ${APPLICATION_STATUSES.join(", ")}` })
      .default("all"),
    "all",
  ),
  q: searchField,
});

/** GET /api/applications: the list's query with limit/offset. */
export const applicationsListQuerySchema = applicationsListQuery.apiSchema;
