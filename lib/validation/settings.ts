import { z } from "@/lib/validation/zod";
import { versionSchema } from "./common";
import { isOneLine, oneLineMessage } from "./text";

// /admin/settings: the General tab's platform name and the Programs tab's study lists.

export const PLATFORM_NAME_MAX = 60;
export const STUDY_NAME_MAX = 60;

export const platformNameSchema = z
  .string({ error: "Platform name is required" })
  .trim()
  .min(1, "Platform name is required")
  .max(PLATFORM_NAME_MAX, `Platform name must be at most ${PLATFORM_NAME_MAX} characters`)
  .refine(isOneLine, oneLineMessage("Platform name"));

/** PATCH /api/settings and the General tab's form. */
export const generalSettingsSchema = z.object({
  platformName: platformNameSchema,
  /** The setting's version the form was opened with (0: never saved); a save since refuses this. */
  version: versionSchema,
});
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
