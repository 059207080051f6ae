"use server";

import { formFailure, formText } from "@/lib/auth/form-answers";
import type { FormState } from "@/lib/auth/form-state";
import { assertStorableForm } from "@/lib/http/route";
import { contactMessageSchema } from "@/lib/validation/contact";
import { sendContactMessage } from "./commands";
import { CONTACT_SENT } from "./messages";

// The contact form posts to this action, so it works before hydration and without JavaScript;
// once the page is interactive the form calls POST /api/contact instead. Both validate with the
// same schema and store through sendContactMessage (rate-limited per client address). Next refuses
// a server action whose Origin is another host.

/** POST /api/contact's work; the form's values come back on a refusal, never after success. */
export async function sendContactMessageAction(_previous: FormState, data: FormData): Promise<FormState> {
  const values = {
    name: formText(data, "name") ?? "",
    email: formText(data, "email") ?? "",
    subject: formText(data, "subject") ?? "",
    message: formText(data, "message") ?? "",
  };
  try {
    assertStorableForm(data);
    await sendContactMessage(contactMessageSchema.parse(values));
    return { message: CONTACT_SENT };
  } catch (error) {
    return formFailure(error, values);
  }
}
