import { z } from "@/lib/validation/zod";
import { defineListQuery } from "@/lib/list-query";
import { searchKey } from "@/lib/list-keys";
import { emailSchema, fullNameSchema } from "./auth";
import { isOneLine, oneLineMessage, textField } from "./text";

// The contact form (/contact) and POST /api/contact share this schema; GET /api/contact and
// /admin/messages share the list query.

export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

export const contactMessageSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(CONTACT_SUBJECT_MAX, `Subject must be at most ${CONTACT_SUBJECT_MAX} characters`)
    .refine(isOneLine, oneLineMessage("Subject")),
  // Counted as a person sees it (lib/validation/text.ts); stored trimmed.
  message: textField({
    min: CONTACT_MESSAGE_MIN,
    max: CONTACT_MESSAGE_MAX,
    required: "Message is required",
    tooShort: `Message must be at least ${CONTACT_MESSAGE_MIN} characters`,
    tooLong: `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
  }).transform((message) => message.trim()),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** GET /api/contact and /admin/messages (admins): ?q= searches the sender, e-mail and subject. */
export const contactListQuery = defineListQuery({ q: searchKey });
export const contactListQuerySchema = contactListQuery.apiSchema;
