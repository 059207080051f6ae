import { z } from "@/lib/validation/zod";
import { INTERVIEW_MODES } from "@/lib/applications/interview";
import { isTimeZone } from "@/lib/dates/zones";
import { APPLICATION_STATUSES } from "@/lib/applications/status";
import { CONDITION_STATUSES } from "@/lib/applications/conditions";
import { REQUEST_FILTERS } from "@/lib/applications/requests";
import { idSchema } from "./common";
import { defineListQuery } from "@/lib/list-query";
import {
  allOrOneOfKey,
  booleanKey,
  countryKey,
  dayKey,
  idKey,
  oneOfKey,
  searchKey,
  studyListKey,
  textKey,
} from "@/lib/list-keys";
import { isAssigneeChoice, QUEUE_ORDERS, QUEUE_TABS } from "@/lib/applications/queue";
import { BULK_MAX, BULK_OPERATIONS, BULK_STATUSES } from "@/lib/applications/bulk";
import type { ApplicationStatus } from "@/lib/applications/status";
import { isOneLine, oneLineMessage, storedLimit, textField, textLength } from "./text";

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
/** The confirmation of a sent application (the toast's description). */
export const APPLICATION_SUBMITTED = "Your application has been successfully submitted!";

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
export const REASON_MAX = 1000;
export const CONDITION_MAX = 500;
export const CONDITIONS_MAX = 10;

/**
 * Why an application was not successful: a few plain reasons, each given with a sentence of
 * detail, rather than a long checklist whose "Other" ends up the most used.
 */
export const REJECTION_REASONS = {
  qualifications: "Qualifications do not meet the entry requirements",
  grades: "Grades below what the program requires",
  english: "English language level not shown",
  statement: "Personal statement did not show the fit with the program",
  interview: "Interview performance",
  places: "The program's places are filled",
  documents: "Documents missing or could not be verified",
  other: "Something else (explained in the detail)",
} as const;
export const REJECTION_REASON_CODES = Object.keys(REJECTION_REASONS) as [
  keyof typeof REJECTION_REASONS,
  ...(keyof typeof REJECTION_REASONS)[],
];
export const STATUS_REQUIRED = "Choose the new status";
export const REASON_DETAIL_REQUIRED = "Say in a sentence what this reason means for this application";
export const REASON_DETAIL_TOO_LONG = `The detail must be at most ${REASON_MAX} characters`;

/** A sentence saying why, when one is asked for or offered: blank is none. */
const optionalReasonSchema = z
  .string()
  .trim()
  .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`)
  .optional()
  .transform((reason) => reason || undefined);

/** A note from the team, for the student or the history: blank is none. */
const noteSchema = z
  .string()
  .trim()
  .max(NOTE_MAX, `The note must be at most ${NOTE_MAX} characters`)
  .optional()
  .transform((note) => note || null);

/** An admin's status change (PATCH /api/applications/{id}, the Update Status dialog). */
export const statusChangeSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, {
    // A missing status is what the dialog's unchosen select sends: say so in its words.
    error: (issue) =>
      issue.input === undefined
        ? STATUS_REQUIRED
        : `status must be one of: ${APPLICATION_STATUSES.join(", ")}`,
  }),
  note: noteSchema,
  /**
   * The status the dialog was opened with; the change is refused (409) when the application has
   * moved since. Optional for API clients, which then move it from wherever it is.
   */
  from: z
    .enum(APPLICATION_STATUSES, { error: `from must be one of: ${APPLICATION_STATUSES.join(", ")}` })
    .optional(),
  /** Why, for a move that asks for a reason (withdrawing, cancelling an interview, ...). */
  reason: optionalReasonSchema,
  /** A rejection's reasons, each with a sentence of detail. */
  reasons: z
    .array(
      z.object({
        code: z.enum(REJECTION_REASON_CODES, {
          error: `code must be one of: ${REJECTION_REASON_CODES.join(", ")}`,
        }),
        detail: z.string().trim().min(1, REASON_DETAIL_REQUIRED).max(REASON_MAX, REASON_DETAIL_TOO_LONG),
      }),
    )
    .max(REJECTION_REASON_CODES.length)
    .optional(),
  /** An offer: its conditions (none for an unconditional offer), reply-by date and start term. */
  offer: z
    .object({
      conditions: z
        .array(z.string().trim().min(1, "A condition cannot be empty").max(CONDITION_MAX))
        .max(CONDITIONS_MAX, `An offer has at most ${CONDITIONS_MAX} conditions`)
        .optional(),
      replyBy: z.coerce.date({ error: "replyBy must be a date (YYYY-MM-DD)" }).optional(),
      startTerm: z.string().trim().min(1).max(80).optional(),
    })
    .optional(),
  /** An interview: when (with its time zone) and where. */
  interview: z
    .object({
      startsAt: z.iso.datetime({ offset: true, error: "startsAt must be a date and time" }),
      timeZone: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .refine(isTimeZone, "timeZone must be a time zone such as Europe/Paris or UTC"),
      mode: z.enum(INTERVIEW_MODES),
      location: z.string().trim().min(1, "Give the link or the place").max(500),
      notes: z.string().trim().max(NOTE_MAX).optional(),
    })
    .optional(),
  /** The later start a deferred place moves to. */
  startTerm: z.string().trim().min(1).max(80).optional(),
});

export type StatusChangeInput = z.input<typeof statusChangeSchema>;
export type TransitionInput = z.output<typeof statusChangeSchema>;

/**
 * GET /api/applications (a student's own, or for admins everyone's), /admin/applications and My
 * Applications: ?status=, ?requests= (open: one waits for the student; answered: one waits for
 * the team) and ?q= (a student's full name or a program name).
 */
export const applicationsListQuery = defineListQuery({
  status: allOrOneOfKey(APPLICATION_STATUSES),
  requests: allOrOneOfKey(REQUEST_FILTERS),
  q: searchKey,
});

/**
 * The team's workspace (/admin/applications, and GET /api/applications for staff): the filters
 * above, a tab of the queue (lib/applications/queue.ts), the university, program, country and
 * level, the assignee (me, nobody or a staff member's id), the submission days from and to
 * (inclusive, UTC), only overdue ones, and the order (the queue's, or the newest first). A
 * student's own list reads ?status=, ?requests= and ?q= only.
 */
export const workspaceListQuery = defineListQuery({
  ...applicationsListQuery.keys,
  tab: allOrOneOfKey(QUEUE_TABS),
  university: idKey,
  program: idKey,
  country: countryKey,
  level: studyListKey,
  assignee: textKey({
    must: "'all', 'me', 'nobody' or a staff member's id",
    accepts: isAssigneeChoice,
    fallback: "all",
  }),
  from: dayKey,
  to: dayKey,
  overdue: booleanKey(),
  order: oneOfKey(QUEUE_ORDERS, "urgency"),
});

/** The workspace's filters as the API reads them (GET /api/applications, its CSV export). */
export type WorkspaceFilters = z.output<typeof workspaceListQuery.filterSchema>;

/** PUT /api/applications/{id}/assignee: a staff member's id, or null for nobody. */
export const assigneeSchema = z.object({
  assigneeId: idSchema.nullable(),
});

/**
 * The assignment forms (claim on the list, assign or unassign on the application's page): the
 * application, its new assignee ("" for nobody), and the list's query string to return to when
 * sent from the list (at most 2,000 characters, starting with "?").
 */
export const assigneeFormSchema = z.object({
  applicationId: idSchema,
  assigneeId: z.preprocess((value) => (value === "" ? null : value), idSchema.nullable()),
  listQuery: z
    .string()
    .max(2000)
    .regex(/^(\?[^#]*)?$/, "listQuery must be a query string")
    .optional(),
});

/** GET /api/applications: the list's query with limit/offset. */
export const applicationsListQuerySchema = workspaceListQuery.apiSchema;

export const OFFER_ANSWERS = ["accept", "decline"] as const;

/** The student's reply to an offer (POST /api/applications/{id}/reply, the offer's buttons). */
export const offerReplySchema = z.object({
  answer: z.enum(OFFER_ANSWERS, { error: "answer must be accept or decline" }),
  /** Why the offer is declined, if the student wants to say. */
  reason: optionalReasonSchema,
  /**
   * Accepting: the application whose accepted place for the same start this acceptance replaces
   * (declined with it). Without it such an acceptance is refused, naming that place.
   */
  replaces: idSchema.optional(),
});
export type OfferReplyInput = z.output<typeof offerReplySchema>;

/** The offer's form: the reply and the application it answers. */
export const offerReplyFormSchema = offerReplySchema.extend({ applicationId: idSchema });

/**
 * Staff mark one of an offer's conditions (PATCH /api/applications/{id}/conditions/{conditionId},
 * the conditions' buttons on the application's page), with an optional note for the history.
 */
export const conditionMarkSchema = z.object({
  status: z.enum(CONDITION_STATUSES, { error: `status must be one of: ${CONDITION_STATUSES.join(", ")}` }),
  /**
   * The condition's status the page showed; the change is refused (409) when someone marked it
   * since. Optional for API clients.
   */
  from: z
    .enum(CONDITION_STATUSES, { error: `from must be one of: ${CONDITION_STATUSES.join(", ")}` })
    .optional(),
  note: noteSchema,
});
export type ConditionMarkInput = z.output<typeof conditionMarkSchema>;

/** PATCH /api/applications/{id}/conditions/{conditionId}'s route segments. */
export const conditionParamsSchema = z.object({ id: idSchema, conditionId: idSchema });

/** The conditions' buttons: the mark, the application and the condition it marks. */
export const conditionMarkFormSchema = conditionMarkSchema.extend({
  applicationId: idSchema,
  conditionId: idSchema,
});

export const PRIVATE_NOTE_REQUIRED = "Write the note first";

/** A private note of the team on an application (POST /api/applications/{id}/notes). */
export const privateNoteSchema = z.object({
  text: z
    .string({ error: PRIVATE_NOTE_REQUIRED })
    .trim()
    .min(1, PRIVATE_NOTE_REQUIRED)
    .max(NOTE_MAX, `The note must be at most ${NOTE_MAX} characters`),
});
export type PrivateNoteInput = z.output<typeof privateNoteSchema>;

/** The note form on the application's page: the note and the application it is on. */
export const privateNoteFormSchema = privateNoteSchema.extend({ applicationId: idSchema });
export const REQUEST_MESSAGE_MAX = 2000;
export const REQUEST_MESSAGE_REQUIRED = "Say what the student should send or correct.";
export const ANSWER_REQUIRED = "Say what you corrected, or answer the question asked.";
const ANSWER_TOO_LONG = `The answer must be at most ${REQUEST_MESSAGE_MAX} characters.`;

/** /api/applications/{id}/requests/{requestId}[/...]'s route segments. */
export const requestParamsSchema = z.object({ id: idSchema, requestId: idSchema });

/**
 * Staff ask the student for a document of a type, or (no type) for a correction the message
 * explains (POST /api/applications/{id}/requests, the application page's form).
 */
export const documentRequestSchema = z.object({
  /** A document type's name; absent or blank: a correction. */
  documentType: z
    .string()
    .trim()
    .max(100, "documentType must be at most 100 characters")
    .nullish()
    .transform((type) => type || null),
  message: textField({
    max: REQUEST_MESSAGE_MAX,
    required: REQUEST_MESSAGE_REQUIRED,
    tooLong: `The message must be at most ${REQUEST_MESSAGE_MAX} characters.`,
  }).transform((message) => message.trim()),
});
export type DocumentRequestInput = z.output<typeof documentRequestSchema>;

/**
 * The student's answer to a request (POST /api/applications/{id}/requests/{requestId}/answer):
 * optional beside a requested document, required for a correction (the command says so).
 */
export const requestAnswerSchema = z.object({
  answer: z
    .string()
    .optional()
    .refine((answer) => answer === undefined || textLength(answer) <= REQUEST_MESSAGE_MAX, ANSWER_TOO_LONG)
    .refine(
      (answer) => answer === undefined || answer.length <= storedLimit(REQUEST_MESSAGE_MAX),
      ANSWER_TOO_LONG,
    )
    .transform((answer) => answer?.trim() || null),
});
export type RequestAnswerInput = z.output<typeof requestAnswerSchema>;

/** The application page's request form: the request and the application it is made on. */
export const documentRequestFormSchema = documentRequestSchema.extend({ applicationId: idSchema });

/** My Applications' answer form: the answer, the application and the request it answers. */
export const requestAnswerFormSchema = requestAnswerSchema.extend({
  applicationId: idSchema,
  requestId: idSchema,
});

/** The Close button of a request on the application's page. */
export const requestCloseFormSchema = z.object({ applicationId: idSchema, requestId: idSchema });

/** A bulk action on every match without the count the person confirmed. */
export const BULK_CONFIRM = "Confirm how many applications this changes: tick the box naming the count.";

const BULK_STATUS_MESSAGE = `status must be one of: ${BULK_STATUSES.join(", ")}`;

/** What a bulk action does to each application. */
export const bulkOperationSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("assign"), assigneeId: idSchema.nullable() }),
    z.object({
      type: z.literal("status"),
      status: z.enum(BULK_STATUSES as [ApplicationStatus, ...ApplicationStatus[]], {
        error: BULK_STATUS_MESSAGE,
      }),
      note: noteSchema,
    }),
    z.object({ type: z.literal("note"), text: privateNoteSchema.shape.text }),
  ],
  { error: `type must be one of: ${BULK_OPERATIONS.join(", ")}` },
);

/**
 * POST /api/applications/bulk: the operation, and either the ids chosen (1 to BULK_MAX) or the
 * workspace's filters as a query string with the count of matches the person confirmed.
 */
export const bulkSchema = z
  .object({
    operation: bulkOperationSchema,
    ids: z
      .array(idSchema)
      .min(1, "Choose at least one application")
      .max(BULK_MAX, `Choose at most ${BULK_MAX} applications`)
      .optional(),
    filters: z.string().max(2000).optional(),
    count: z.number().int().min(0).optional(),
  })
  .refine((input) => (input.ids === undefined) !== (input.filters === undefined), {
    message: "Give either ids or filters",
    path: ["ids"],
  })
  .refine((input) => input.filters === undefined || input.count !== undefined, {
    message: BULK_CONFIRM,
    path: ["count"],
  });
export type BulkInput = z.output<typeof bulkSchema>;

/**
 * The workspace's bulk form as the API's body (then checked by bulkSchema, with its messages): the
 * checked rows' `ids`, or scope "matching" with the `filters` and the confirmed `count`; the
 * `operation` and its fields (assigneeId, "" for nobody; status and note; text).
 */
export function bulkFormFields(data: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const type = text("operation");
  const assigneeId = text("assigneeId");
  const operation =
    type === "assign"
      ? { type, assigneeId: assigneeId ? assigneeId : null }
      : type === "status"
        ? { type, status: text("status"), note: text("note") }
        : { type, text: text("text") };
  if (text("scope") === "matching") {
    // The count counts as confirmed only with the confirmation ticked.
    const count = text("confirmed") ? Number(text("count")) : Number.NaN;
    return { operation, filters: text("filters") ?? "", count: Number.isInteger(count) ? count : undefined };
  }
  return { operation, ids: data.getAll("ids").filter((id) => typeof id === "string") };
}
