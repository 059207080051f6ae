"use server";

import { formFailure } from "@/lib/auth/form-answers";
import type { FormState } from "@/lib/auth/form-state";
import { unsubscribeReminders, UNSUBSCRIBED } from "./settings";

/**
 * The unsubscribe page's button (issue 14), bound to the e-mail's token: a plain form post that
 * works without JavaScript. Opening the page alone changes nothing (mail scanners open links).
 */
export async function unsubscribeAction(token: string, _previous: FormState): Promise<FormState> {
  try {
    await unsubscribeReminders(String(token));
    return { message: UNSUBSCRIBED };
  } catch (error) {
    return formFailure(error);
  }
}
