import { z } from "@/lib/validation/zod";
import { isOneLine, oneLineMessage } from "./text";
import { DEGREES, DURATIONS } from "@/lib/constants";
import { checkTuition } from "@/lib/programs/tuition";
import { blankToUndefined, versionSchema, wholeNumber } from "./common";
import { isTimeZone } from "@/lib/dates/zones";
import { requirementShape, type RequirementField } from "@/lib/fit/requirements";
import { programCurrencySchema } from "./money";

// The program form, shared by the admin form and POST/PATCH /api/programs. Study levels
// and fields are the lists kept in the database (Settings, Programs tab), so the schema is made
// from them: the form gets them as props, the route handlers read them per request.

export const PROGRAM_NAME_MAX = 200;
export const PROGRAM_DESCRIPTION_MAX = 5000;
export const DEADLINE_REQUIRED = "Deadline is required";
export const DEADLINE_INVALID = "Enter the deadline as an ISO date-time (e.g., 2027-03-15T00:00:00.000Z)";
export const DEADLINE_PAST = "The deadline cannot be in the past";
export const UNIVERSITY_NOT_FOUND = "Please select a valid university";
export const TIME_ZONE_INVALID = "Time zone must be an IANA time zone such as Europe/Berlin or UTC";
/** Why a program with applications or drafts keeps its university (the API's 409, the form's note). */
export const PROGRAM_KEEPS_UNIVERSITY =
  "This program has applications (submitted or in progress), so it cannot move to another " +
  "university. Create a new program at the other university instead, and archive this one if it " +
  "should close.";
export const DURATION_INVALID = `Duration must be one of: ${DURATIONS.join(", ")} years`;

const DAY_MS = 86_400_000;

export interface ProgramSchemaOptions {
  /** The study levels of the database, in display order. */
  levels: readonly string[];
  /** The study fields of the database, in display order. */
  fields: readonly string[];
  /** The document types of the database (Settings); unset: any name (the database checks it). */
  documentTypes?: readonly string[];
  now?: Date;
  /**
   * The deadline the program has now (editing): keeping it is allowed even when it has passed,
   * so that other fields of an old program can still be corrected.
   */
  currentDeadline?: string | Date | null;
}

/**
 * The earliest deadline accepted at `now`: the start of yesterday in UTC. The picker disables the
 * days before the admin's local today and sends that day's UTC midnight, and a local today can be
 * yesterday in UTC (up to UTC-12), so one day of slack lets every time zone pick its today.
 */
export function earliestDeadline(now: Date): Date {
  const startOfUtcDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(startOfUtcDay - DAY_MS);
}

/** The picker's rule: a calendar day (local time) before today cannot be chosen. */
export function isBeforeToday(day: Date, now: Date = new Date()): boolean {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return day.getTime() < today.getTime();
}

/** A day chosen in the calendar (local midnight) as the ISO date-time stored: that date at 00:00 UTC. */
export function deadlineFromDay(day: Date): string {
  return new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate())).toISOString();
}

/** The calendar day (local midnight) that shows a stored deadline (its UTC date). */
export function dayFromDeadline(deadline: string): Date | undefined {
  const date = new Date(deadline);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function requiredText(message: string, max: number, tooLong: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong);
}

function oneOf(list: readonly string[], required: string, what: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((value) => list.includes(value), `${what} must be one of: ${list.join(", ")}`);
}

/** The most references a program may ask for. */
export const MAX_REFERENCES = 5;
export const REFERENCES_INVALID = `References must be a whole number from 0 to ${MAX_REFERENCES}`;

/** A list of document type names: each one of the database's, none twice. */
function documentList(types: readonly string[] | undefined, what: string) {
  return z
    .array(z.string().trim().min(1, `${what}: a document type name is empty`), {
      error: `${what} must be a list of document type names`,
    })
    .max(50, `${what}: at most 50 document types`)
    .superRefine((names, context) => {
      const unknown = types ? names.filter((name) => !types.includes(name)) : [];
      if (unknown.length > 0) {
        context.addIssue({ code: "custom", message: `${what}: not a document type: ${unknown.join(", ")}` });
      }
      if (new Set(names).size !== names.length)
        context.addIssue({ code: "custom", message: `${what}: a document type is listed twice` });
    })
    .optional();
}

export function programSchema({
  levels,
  fields,
  documentTypes,
  now = new Date(),
  currentDeadline,
}: ProgramSchemaOptions) {
  const current = currentDeadline ? new Date(currentDeadline).getTime() : null;
  const earliest = earliestDeadline(now).getTime();

  return z
    .object({
      name: requiredText(
        "Program name is required",
        PROGRAM_NAME_MAX,
        `Program name must be at most ${PROGRAM_NAME_MAX} characters`,
      ).refine(isOneLine, oneLineMessage("Program name")),
      // A string in the form (the combobox's value), a number from API clients.
      universityId: wholeNumber("University is required", UNIVERSITY_NOT_FOUND).pipe(
        z.number().positive(UNIVERSITY_NOT_FOUND).max(2_147_483_647, UNIVERSITY_NOT_FOUND),
      ),
      level: oneOf(levels, "Study level is required", "Study level"),
      field: oneOf(fields, "Study field is required", "Study field"),
      degree: oneOf(DEGREES, "Degree is required", "Degree"),
      duration: wholeNumber("Duration is required", DURATION_INVALID).pipe(
        z.number().refine((value) => (DURATIONS as readonly number[]).includes(value), DURATION_INVALID),
      ),
      tuition: z
        .union([z.string(), z.number()], { error: "Please enter a valid amount (e.g., 12,000.00)" })
        .transform((value, ctx) => {
          const check = checkTuition(value);
          if (check.ok) return check.value;
          ctx.addIssue({ code: "custom", message: check.message });
          return z.NEVER;
        }),
      // The ISO 4217 code of the tuition. Optional: a new program without one is USD, an edit keeps
      // its own.
      currency: z.preprocess(blankToUndefined, programCurrencySchema.optional()),
      deadline: z.preprocess(
        (value) => {
          if (value instanceof Date) return Number.isNaN(value.getTime()) ? "invalid" : value.toISOString();
          return blankToUndefined(value);
        },
        z
          .string({ error: DEADLINE_REQUIRED })
          .pipe(z.iso.datetime({ offset: true, error: DEADLINE_INVALID }))
          .transform((value) => new Date(value))
          .refine((date) => date.getTime() >= earliest || date.getTime() === current, DEADLINE_PAST),
      ),
      // The zone the deadline day ends in (23:59 there). Optional: a new program without one gets
      // its university's country's zone (UTC where the country has several), an edit keeps its own.
      timeZone: z.preprocess(
        blankToUndefined,
        z.string({ error: TIME_ZONE_INVALID }).trim().refine(isTimeZone, TIME_ZONE_INVALID).optional(),
      ),
      description: requiredText(
        "Description is required",
        PROGRAM_DESCRIPTION_MAX,
        `Description must be at most ${PROGRAM_DESCRIPTION_MAX} characters`,
      ),
      /**
       * The documents an application must include, and those it may: document type names. Left
       * out, a new program asks for none and an edit keeps what the program asks for.
       */
      requiredDocuments: documentList(documentTypes, "Required documents"),
      optionalDocuments: documentList(documentTypes, "Optional documents"),
      /** How many references an application needs (left out: 0, or unchanged on an edit). */
      referencesRequired: z.preprocess(
        blankToUndefined,
        z.coerce
          .number({ error: REFERENCES_INVALID })
          .int(REFERENCES_INVALID)
          .min(0, REFERENCES_INVALID)
          .max(MAX_REFERENCES, REFERENCES_INVALID)
          .optional(),
      ),
      /**
       * Entry requirements and fees (lib/fit/requirements.ts): each optional; left out, a new
       * program states none and an edit keeps its value; blank or null clears it.
       */
      ...requirementShape,
      /** Editing: the version the form was opened with (ignored when adding). */
      version: versionSchema,
    })
    .superRefine((input, context) => {
      const both = (input.requiredDocuments ?? []).filter((name) => input.optionalDocuments?.includes(name));
      if (both.length > 0) {
        context.addIssue({
          code: "custom",
          path: ["optionalDocuments"],
          message: `A document is either required or optional, not both: ${both.join(", ")}`,
        });
      }
    });
}

export type ProgramSchema = ReturnType<typeof programSchema>;
/**
 * The form's values: all text (universityId and duration as strings, deadline an ISO string or "",
 * timeZone "" for the university's country's).
 */
export interface ProgramFormValues extends Record<RequirementField, string> {
  name: string;
  universityId: string;
  level: string;
  field: string;
  degree: string;
  duration: string;
  tuition: string;
  /** An ISO 4217 code ("USD"). */
  currency: string;
  deadline: string;
  timeZone: string;
  description: string;
  requiredDocuments: string[];
  optionalDocuments: string[];
  referencesRequired: string;
}
/** What the server writes: ids and years as numbers, tuition "12000.00", deadline a Date. */
export type ProgramInput = z.output<ProgramSchema>;
