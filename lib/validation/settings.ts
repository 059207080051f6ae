import { z } from "@/lib/validation/zod";
import { versionSchema, wholeNumber } from "./common";
import { isOneLine, oneLineMessage } from "./text";

// /admin/settings: the General tab's platform name and decide-by days, and the Programs tab's
// study lists.

export const PLATFORM_NAME_MAX = 60;
export const STUDY_NAME_MAX = 60;

export const platformNameSchema = z
  .string({ error: "Platform name is required" })
  .trim()
  .min(1, "Platform name is required")
  .max(PLATFORM_NAME_MAX, `Platform name must be at most ${PLATFORM_NAME_MAX} characters`)
  .refine(isOneLine, oneLineMessage("Platform name"));

export const DECIDE_BY_DAYS_MIN = 1;
/** About half a year of working days. */
export const DECIDE_BY_DAYS_MAX = 120;
const DECIDE_BY_DAYS_INVALID = `Working days to decide must be a whole number from ${DECIDE_BY_DAYS_MIN} to ${DECIDE_BY_DAYS_MAX}`;

/** How many working days after submission an application's decide-by date is. */
export const decideByWorkingDaysSchema = wholeNumber(
  "Working days to decide is required",
  DECIDE_BY_DAYS_INVALID,
).pipe(
  z.number().min(DECIDE_BY_DAYS_MIN, DECIDE_BY_DAYS_INVALID).max(DECIDE_BY_DAYS_MAX, DECIDE_BY_DAYS_INVALID),
);

export const NOTHING_TO_SAVE = "Nothing to save: give platformName or decideByWorkingDays.";

/**
 * PATCH /api/settings and the General tab's form: the settings to change, each with the version
 * the form was opened with (0: never saved), which a save since refuses. `version` is the platform
 * name's.
 */
export const generalSettingsSchema = z
  .object({
    platformName: platformNameSchema.optional(),
    version: versionSchema,
    decideByWorkingDays: decideByWorkingDaysSchema.optional(),
    decideByWorkingDaysVersion: versionSchema,
  })
  .refine(
    (input) => input.platformName !== undefined || input.decideByWorkingDays !== undefined,
    NOTHING_TO_SAVE,
  );
export type GeneralSettingsInput = z.infer<typeof generalSettingsSchema>;

/** The name of a study level or field, with the list's noun in its messages. */
export function studyNameSchema(noun: "Study level" | "Study field") {
  return z.object({
    name: z
      .string({ error: `${noun} name is required` })
      .trim()
      .min(1, `${noun} name is required`)
      .max(STUDY_NAME_MAX, `${noun} name must be at most ${STUDY_NAME_MAX} characters`)
      .refine(isOneLine, oneLineMessage(`${noun} name`)),
  });
}

export const studyLevelSchema = studyNameSchema("Study level");
export const studyFieldSchema = studyNameSchema("Study field");
