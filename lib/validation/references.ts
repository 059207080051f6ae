import { z } from "@/lib/validation/zod";
import { emailSchema, fullNameSchema } from "./auth";
import { idSchema } from "./common";
import { isOneLine, oneLineMessage, textField } from "./text";
import {
  DECLINE_REASON_MAX,
  REFERENCE_TEXT_MAX,
  REFERENCE_TEXT_MIN,
  RELATIONSHIP_MAX,
} from "@/lib/references/rules";

// What a student sends to name a referee, and what a referee sends back: shared by the forms, the
// server actions and the route handlers, so all of them give the same messages.

/** A check box of a form ("on" when ticked, absent when not) or a JSON boolean. */
const checkbox = z.preprocess(
  (value) =>
    value === "on" || value === "true" ? true : value === undefined || value === "false" ? false : value,
  z.boolean({ error: "waived must be true or false" }),
);

/** A referee as the student names them (POST /api/applications/{id}/references, .../replace). */
export const refereeSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  relationship: z
    .string({ error: "Say how the referee knows you" })
    .trim()
    .min(1, "Say how the referee knows you")
    .max(RELATIONSHIP_MAX, `The relationship must be at most ${RELATIONSHIP_MAX} characters`)
    .refine(isOneLine, oneLineMessage("The relationship")),
  /** The student gives up the right to read the reference. */
  waived: checkbox.default(false),
});
export type RefereeInput = z.infer<typeof refereeSchema>;

/** /api/applications/{id}/references/{refId}/... */
export const referenceParamsSchema = z.object({ id: idSchema, refId: idSchema });

/** The forms of My Applications: the application (and the reference) come in hidden fields. */
export const refereeFormSchema = refereeSchema.extend({ applicationId: idSchema });
export const replaceRefereeFormSchema = refereeSchema.extend({
  applicationId: idSchema,
  referenceId: idSchema,
});
export const remindRefereeFormSchema = z.object({ applicationId: idSchema, referenceId: idSchema });

/**
 * A referee's link token: 32 random bytes in base64url. Anything else is the same "not valid"
 * answer as an unknown token.
 */
export const referenceTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This link is not valid.");
export const referenceTokenParamsSchema = z.object({ token: referenceTokenSchema });

/** The reference the referee writes in the form. */
export const referenceTextSchema = textField({
  min: REFERENCE_TEXT_MIN,
  max: REFERENCE_TEXT_MAX,
  required: "Write the reference",
  tooShort: `Write at least ${REFERENCE_TEXT_MIN} characters`,
  tooLong: `The reference must be at most ${REFERENCE_TEXT_MAX.toLocaleString("en-US")} characters`,
});

export const writeReferenceSchema = z.object({ token: referenceTokenSchema, text: referenceTextSchema });

export const declineReferenceSchema = z.object({
  token: referenceTokenSchema,
  reason: textField({
    max: DECLINE_REASON_MAX,
    required: "Say why you decline, so that the student can ask someone else",
    tooLong: `The reason must be at most ${DECLINE_REASON_MAX.toLocaleString("en-US")} characters`,
  }),
});
