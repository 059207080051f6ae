"use server";

import { revalidatePath } from "next/cache";
import { formFailure, formText } from "@/lib/auth/form-answers";
import type { FormState } from "@/lib/auth/form-state";
import { limitVerificationResend } from "@/lib/auth/rate-limit";
import { currentSessionId, requireUser } from "@/lib/auth/session";
import { assertStorableForm } from "@/lib/http/route";
import {
  CALENDAR_RESET,
  REMINDERS_OFF,
  REMINDERS_ON,
  resetCalendarUrl,
  setReminders,
} from "@/lib/reminders/settings";
import { changePasswordSchema, profileSchema } from "@/lib/validation/auth";
import {
  cancelEmailChange,
  changePassword,
  sendEmailVerification,
  unlinkGoogle,
  updateProfile,
  VERIFICATION_SENT,
} from "./accounts";
import {
  EMAIL_CHANGE_CANCELLED,
  EMAIL_CHANGED,
  GOOGLE_UNLINKED,
  PASSWORD_CHANGED,
  PROFILE_UPDATED,
} from "./profile-messages";

// The profile page's forms post to these (issue 11 §6), so they work before hydration and without
// JavaScript; each does what its route handler does, through the same domain function. Once the
// page is interactive, the profile and password forms call the JSON API instead (PATCH /api/user,
// POST /api/user/password) for client-side validation and toasts. Next refuses a server action
// whose Origin is another host.

/** PATCH /api/user's work. */
export async function updateProfileAction(_previous: FormState, data: FormData): Promise<FormState> {
  const values = { fullName: formText(data, "fullName") ?? "", email: formText(data, "email") ?? "" };
  try {
    const viewer = await requireUser();
    assertStorableForm(data);
    const input = profileSchema.parse({
      ...values,
      currentPassword: formText(data, "currentPassword") || undefined,
    });
    const user = await updateProfile(viewer.id, input, await currentSessionId());
    revalidatePath("/user/profile");
    // A new address is only pending: the form shows the account's address again.
    const asked = user.email.toLowerCase() !== input.email.toLowerCase();
    return {
      message: asked ? EMAIL_CHANGED : PROFILE_UPDATED,
      values: { fullName: user.fullName, email: user.email },
    };
  } catch (error) {
    return formFailure(error, values);
  }
}

/** POST /api/user/password's work: this browser stays signed in. */
export async function changePasswordAction(_previous: FormState, data: FormData): Promise<FormState> {
  try {
    const viewer = await requireUser();
    assertStorableForm(data);
    const input = changePasswordSchema.parse({
      currentPassword: formText(data, "currentPassword"),
      password: formText(data, "password"),
      confirmPassword: formText(data, "confirmPassword"),
    });
    await changePassword(viewer.id, input.currentPassword, input.password, await currentSessionId());
    return { message: PASSWORD_CHANGED };
  } catch (error) {
    return formFailure(error);
  }
}

/** POST /api/user/email/verification's work, counted on the same allowance. */
export async function resendVerificationAction(_previous: FormState): Promise<FormState> {
  try {
    const viewer = await requireUser();
    await limitVerificationResend(viewer.id);
    await sendEmailVerification(viewer.id);
    return { message: VERIFICATION_SENT };
  } catch (error) {
    return formFailure(error);
  }
}

/** DELETE /api/user/google's work. */
export async function unlinkGoogleAction(_previous: FormState): Promise<FormState> {
  try {
    await unlinkGoogle((await requireUser()).id);
    revalidatePath("/user/profile");
    return { message: GOOGLE_UNLINKED };
  } catch (error) {
    return formFailure(error);
  }
}

/** Deadline reminder e-mails on (issue 14); two actions, so a repeated post cannot flip it back. */
export async function remindersOnAction(_previous: FormState): Promise<FormState> {
  return remindersAction(true);
}

export async function remindersOffAction(_previous: FormState): Promise<FormState> {
  return remindersAction(false);
}

async function remindersAction(enabled: boolean): Promise<FormState> {
  try {
    await setReminders((await requireUser()).id, enabled);
    revalidatePath("/user/profile");
    return { message: enabled ? REMINDERS_ON : REMINDERS_OFF };
  } catch (error) {
    return formFailure(error);
  }
}

/** A new calendar feed address; the old one stops working. */
export async function resetCalendarAction(_previous: FormState): Promise<FormState> {
  try {
    await resetCalendarUrl((await requireUser()).id);
    revalidatePath("/user/profile");
    return { message: CALENDAR_RESET };
  } catch (error) {
    return formFailure(error);
  }
}

/** DELETE /api/user/email/pending's work: the new address waiting for its link is forgotten. */
export async function cancelEmailChangeAction(_previous: FormState): Promise<FormState> {
  try {
    await cancelEmailChange((await requireUser()).id);
    revalidatePath("/user/profile");
    return { message: EMAIL_CHANGE_CANCELLED };
  } catch (error) {
    return formFailure(error);
  }
}
