import { z } from "@/lib/validation/zod";
import { defineListQuery } from "@/lib/list-query";
import { searchKey } from "@/lib/list-keys";
import { isTimeZone } from "@/lib/dates/zones";
import { requirementShape } from "@/lib/fit/requirements";
import { CURRENCY_INVALID, isCurrencyCode } from "@/lib/money/currencies";
import { checkAmount } from "@/lib/scholarships/amount";
import { blankToUndefined, versionSchema } from "./common";
import { isOneLine, oneLineMessage } from "./text";
import { earliestDeadline, TIME_ZONE_INVALID } from "./program-form";

// A scholarship as the admin form, POST /api/scholarships, PATCH /api/scholarships/{id} and the
// CSV import give it: one schema, so all of them refuse the same things with the same words. Study
// levels and fields are the database's lists (the form gets them as props, the route handlers read
// them per request). An edit replaces every field: one left out or blank is cleared (an import
// row first takes the stored value of each column its file lacks).

export const SCHOLARSHIP_NAME_MAX = 200;
export const PROVIDER_MAX = 200;
export const SCHOLARSHIP_DESCRIPTION_MAX = 5000;
export const AMOUNT_NOTE_MAX = 200;
export const URL_MAX = 2048;
/** More than any scholarship names: a list of nationalities is bounded by the countries anyway. */
const LIST_MAX = 300;

export const OFFICIAL_URL_INVALID =
  "Enter the official page as a full address, e.g. https://www.example.org/scholarship";
export const AMOUNT_RANGE_INVALID = "The highest amount must be at least the lowest";
export const CURRENCY_REQUIRED = "Choose the currency of the amount";
export const NATIONALITY_INVALID = "Nationalities must be two-letter country codes (e.g. KE; NG)";
export const STUDY_COUNTRY_INVALID = "Country of study must be a two-letter country code (e.g. DE)";
export const STUDY_COUNTRY_WITH_OWNER =
  "Leave the country of study empty for a scholarship of a university or program: it is the university's";
export const OWNER_INVALID = "Choose a university from the list";
export const PROGRAM_INVALID = "Choose a program from the list";
export const SCHOLARSHIP_DEADLINE_INVALID = "Enter the deadline as a day, e.g. 2027-03-15";
export const SCHOLARSHIP_DEADLINE_PAST = "The deadline cannot be in the past";

const regionNames =
  typeof Intl.DisplayNames === "function"
    ? new Intl.DisplayNames(["en"], { type: "region", fallback: "none" })
    : null;

/** An upper-case ISO 3166-1 alpha-2 code of a country this runtime can name ("DE"; not "de", "ZZ"). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || code === "ZZ") return false;
  try {
    return regionNames ? regionNames.of(code) !== undefined : true;
  } catch {
    return false;
  }
}

/** A list as the form and a CSV cell write it ("KE; NG" or "KE, NG"), or an API's array. */
function splitList(value: unknown): unknown {
  if (value === null || value === undefined) return [];
  if (typeof value !== "string") return value;
  return value
    .split(/[;,]/)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;

function requiredLine(label: string, max: number) {
  const required = `${label} is required`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isOneLine, oneLineMessage(label));
}

function amount(label: string) {
  return z.preprocess(
    blankToNull,
    z
      .union([z.string(), z.number()], { error: `${label}: enter a number (e.g., 5,000.00)` })
      .transform((value, context) => {
        const check = checkAmount(value);
        if (check.ok) return check.value;
        context.addIssue({ code: "custom", message: `${label}: ${check.message}` });
        return z.NEVER;
      })
      .nullable(),
  );
}

const optionalId = (message: string) =>
  z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === "string" && /^\s*\d{1,10}\s*$/.test(blank) ? Number(blank) : blank;
    },
    z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message).nullable(),
  );

/** A deadline day: "2027-03-15", or an ISO date-time whose UTC date it is; null: no fixed deadline. */
function deadlineField(earliest: number, current: number | null) {
  return z.preprocess(
    (value) => {
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? "invalid" : value.toISOString();
      return blankToNull(value);
    },
    z
      .string({ error: SCHOLARSHIP_DEADLINE_INVALID })
      .trim()
      .transform((value, context) => {
        const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dayOfDateTime(value);
        const date = day ? new Date(`${day}T00:00:00.000Z`) : null;
        if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
          context.addIssue({ code: "custom", message: SCHOLARSHIP_DEADLINE_INVALID });
          return z.NEVER;
        }
        if (date.getTime() < earliest && date.getTime() !== current) {
          context.addIssue({ code: "custom", message: SCHOLARSHIP_DEADLINE_PAST });
          return z.NEVER;
        }
        return date;
      })
      .nullable(),
  );
}

/** The UTC date of an ISO date-time with an offset ("2027-03-15T00:00:00.000Z"), or null. */
function dayOfDateTime(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** Names from one of the study lists, each once, in the list's order. */
function listOf(list: readonly string[], what: string) {
  return z.preprocess(
    splitList,
    z
      .array(z.string({ error: `${what} must be a list of names` }).trim(), {
        error: `${what} must be a list of names`,
      })
      .max(LIST_MAX, `${what}: at most ${LIST_MAX}`)
      .superRefine((names, context) => {
        const unknown = names.filter((name) => !list.includes(name));
        if (unknown.length > 0)
          context.addIssue({
            code: "custom",
            message: `${what} must be among: ${list.join(", ")} (not ${unknown.join(", ")})`,
          });
      })
      .transform((names) => list.filter((name) => names.includes(name))),
  );
}

export interface ScholarshipSchemaOptions {
  /** The study levels and fields of the database, in display order. */
  levels: readonly string[];
  fields: readonly string[];
  now?: Date;
  /** The deadline the scholarship has now (editing): keeping it is allowed once it has passed. */
  currentDeadline?: string | Date | null;
}

export function scholarshipSchema({
  levels,
  fields,
  now = new Date(),
  currentDeadline,
}: ScholarshipSchemaOptions) {
  const current = currentDeadline ? new Date(currentDeadline).getTime() : null;
  return z
    .object({
      name: requiredLine("Scholarship name", SCHOLARSHIP_NAME_MAX),
      provider: requiredLine("Provider", PROVIDER_MAX),
      description: z.preprocess(
        blankToNull,
        z
          .string({ error: "Description must be text" })
          .trim()
          .max(
            SCHOLARSHIP_DESCRIPTION_MAX,
            `Description must be at most ${SCHOLARSHIP_DESCRIPTION_MAX} characters`,
          )
          .nullable(),
      ),
      amountMin: amount("Amount"),
      amountMax: amount("Highest amount"),
      currency: z.preprocess(
        blankToNull,
        z
          .string({ error: CURRENCY_INVALID })
          .trim()
          .transform((value) => value.toUpperCase())
          .refine(isCurrencyCode, CURRENCY_INVALID)
          .nullable(),
      ),
      amountNote: z.preprocess(
        blankToNull,
        z
          .string({ error: "The note must be text" })
          .trim()
          .max(AMOUNT_NOTE_MAX, `The note must be at most ${AMOUNT_NOTE_MAX} characters`)
          .refine(isOneLine, oneLineMessage("The note"))
          .nullable(),
      ),
      nationalities: z.preprocess(
        splitList,
        z
          .array(z.string({ error: NATIONALITY_INVALID }), { error: NATIONALITY_INVALID })
          .max(LIST_MAX, NATIONALITY_INVALID)
          .transform((codes) => [...new Set(codes.map((code) => code.trim().toUpperCase()))].sort())
          // On the field itself, not on one of its items: the form shows it under the one input.
          .refine((codes) => codes.every(isCountryCode), NATIONALITY_INVALID),
      ),
      levels: listOf(levels, "Study levels"),
      fields: listOf(fields, "Study fields"),
      /** On the common 0-100 scale of lib/fit/grades.ts, as a program's minimum grade. */
      minGrade: requirementShape.minGrade.transform((grade) => grade ?? null),
      deadline: deadlineField(earliestDeadline(now).getTime(), current),
      // The zone the deadline day ends in. Left out: the university's country's (UTC where it has
      // several, or without a university), an edit keeps its own.
      timeZone: z.preprocess(
        blankToUndefined,
        z.string({ error: TIME_ZONE_INVALID }).trim().refine(isTimeZone, TIME_ZONE_INVALID).optional(),
      ),
      officialUrl: z.preprocess(
        (value) => (typeof value === "string" ? value.trim() : value),
        z
          .string({ error: OFFICIAL_URL_INVALID })
          .min(1, "The official page is required")
          .max(URL_MAX, `The official page's address must be at most ${URL_MAX} characters`)
          .refine(isHttpUrl, OFFICIAL_URL_INVALID),
      ),
      /** The university it belongs to; with `programId`, that program's university. */
      universityId: optionalId(OWNER_INVALID),
      /** The program it belongs to (one of `universityId`'s when both are given). */
      programId: optionalId(PROGRAM_INVALID),
      studyCountry: z.preprocess(
        blankToNull,
        z
          .string({ error: STUDY_COUNTRY_INVALID })
          .trim()
          .transform((code) => code.toUpperCase())
          .refine(isCountryCode, STUDY_COUNTRY_INVALID)
          .nullable(),
      ),
      /** Editing: the version the form was opened with (ignored when adding). */
      version: versionSchema,
    })
    .superRefine((input, context) => {
      if (
        input.amountMin !== null &&
        input.amountMax !== null &&
        Number(input.amountMin) > Number(input.amountMax)
      ) {
        context.addIssue({ code: "custom", path: ["amountMax"], message: AMOUNT_RANGE_INVALID });
      }
      if ((input.amountMin !== null || input.amountMax !== null) && input.currency === null) {
        context.addIssue({ code: "custom", path: ["currency"], message: CURRENCY_REQUIRED });
      }
      if (input.studyCountry !== null && (input.universityId !== null || input.programId !== null)) {
        context.addIssue({ code: "custom", path: ["studyCountry"], message: STUDY_COUNTRY_WITH_OWNER });
      }
    });
}

/** An http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export type ScholarshipSchema = ReturnType<typeof scholarshipSchema>;
export type ScholarshipInput = z.output<ScholarshipSchema>;

/** The form's values: all text (lists as text separated by semicolons, ids as text, "" for none). */
export interface ScholarshipFormValues {
  name: string;
  provider: string;
  description: string;
  amountMin: string;
  amountMax: string;
  currency: string;
  amountNote: string;
  nationalities: string;
  levels: string[];
  fields: string[];
  minGrade: string;
  deadline: string;
  timeZone: string;
  officialUrl: string;
  universityId: string;
  programId: string;
  studyCountry: string;
}

/**
 * /admin/scholarships and its CSV export: ?q= (name or provider, any case or accents, substring).
 * The public search's keys are lib/scholarships/search-keys.ts's.
 */
export const scholarshipsAdminListQuery = defineListQuery({ q: searchKey });
