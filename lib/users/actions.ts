"use server";

import { revalidatePath } from "next/cache";
import { signOut } from "@/lib/auth/auth.server";
import { limitVerificationResend } from "@/lib/auth/rate-limit.server";
import { currentSessionId } from "@/lib/auth/session.server";
import { action, formText } from "@/lib/http/action.server";
import {
  CALENDAR_RESET,
  REMINDERS_OFF,
  REMINDERS_ON,
  resetCalendarUrl,
  setReminders,
} from "@/lib/reminders/settings.server";
import { changePasswordSchema, deleteAccountSchema, profileSchema } from "@/lib/validation/auth";
import {
  cancelEmailChange,
  changePassword,
  sendEmailVerification,
  unlinkGoogle,
  updateProfile,
  VERIFICATION_SENT,
} from "./accounts.server";
import {
  EMAIL_CHANGE_CANCELLED,
  EMAIL_CHANGED,
  GOOGLE_UNLINKED,
  PASSWORD_CHANGED,
  PROFILE_UPDATED,
} from "./profile-messages";
import { deleteOwnAccount } from "./delete-account.server";
import { setDisplayCurrency } from "./display-currency.server";
import { writeDisplayCurrencyCookie } from "@/lib/money/display-cookie.server";
import {
  DISPLAY_CURRENCY_CLEARED,
  DISPLAY_CURRENCY_SAVED,
  displayCurrencySchema,
} from "@/lib/validation/money";

// The server actions of the profile page: the account's own settings and deleting the account.
// Each does what its route handler does, through the same domain function and schema; they are
// the forms' only path, before hydration, without JavaScript and once interactive.

/** PUT /api/user/currency's work: the profile's currency choice, saved and written to the cookie. */
export const setDisplayCurrencyAction = action({
  name: "setDisplayCurrency",
  audience: "user",
  schema: displayCurrencySchema,
  echo: ["currency"],
  handle: async ({ viewer, input }) => {
    const saved = await setDisplayCurrency(viewer.id, input.currency);
    await writeDisplayCurrencyCookie(saved.currency);
    return {
      message: saved.currency ? DISPLAY_CURRENCY_SAVED : DISPLAY_CURRENCY_CLEARED,
      values: { currency: saved.currency ?? "" },
    };
  },
});

/** PATCH /api/user's work. */
export const updateProfileAction = action({
  name: "updateProfile",
  audience: "user",
  schema: profileSchema,
  fields: (data) => ({
    fullName: formText(data, "fullName") ?? "",
    email: formText(data, "email") ?? "",
    currentPassword: formText(data, "currentPassword") || undefined,
  }),
  echo: ["fullName", "email"],
  handle: async ({ viewer, input }) => {
    const user = await updateProfile(viewer.id, input, await currentSessionId());
    revalidatePath("/user/profile");
    // A new address is only pending: the form shows the account's address again.
    const asked = user.email.toLowerCase() !== input.email.toLowerCase();
    return {
      message: asked ? EMAIL_CHANGED : PROFILE_UPDATED,
      values: { fullName: user.fullName, email: user.email },
    };
  },
});

/** POST /api/user/password's work: this browser stays signed in. */
export const changePasswordAction = action({
  name: "changePassword",
  audience: "user",
  schema: changePasswordSchema,
  handle: async ({ viewer, input }) => {
    await changePassword(viewer.id, input.currentPassword, input.password, await currentSessionId());
    return { message: PASSWORD_CHANGED };
  },
});

/** POST /api/user/email/verification's work, counted on the same allowance. */
export const resendVerificationAction = action({
  name: "resendVerification",
  audience: "user",
  handle: async ({ viewer }) => {
    await limitVerificationResend(viewer.id);
    await sendEmailVerification(viewer.id);
    return { message: VERIFICATION_SENT };
  },
});

/** DELETE /api/user/google's work. */
export const unlinkGoogleAction = action({
  name: "unlinkGoogle",
  audience: "user",
  handle: async ({ viewer }) => {
    await unlinkGoogle(viewer.id);
    revalidatePath("/user/profile");
    return { message: GOOGLE_UNLINKED };
  },
});

/** Deadline reminder e-mails on or off: two actions, so a repeated post cannot flip it back. */
export const remindersOnAction = action({
  name: "remindersOn",
  audience: "user",
  handle: async ({ viewer }) => {
    await setReminders(viewer.id, true);
    revalidatePath("/user/profile");
    return { message: REMINDERS_ON };
  },
});

export const remindersOffAction = action({
  name: "remindersOff",
  audience: "user",
  handle: async ({ viewer }) => {
    await setReminders(viewer.id, false);
    revalidatePath("/user/profile");
    return { message: REMINDERS_OFF };
  },
});

/** A new calendar feed address; the old one stops working. */
export const resetCalendarAction = action({
  name: "resetCalendar",
  audience: "user",
  handle: async ({ viewer }) => {
    await resetCalendarUrl(viewer.id);
    revalidatePath("/user/profile");
    return { message: CALENDAR_RESET };
  },
});

/** DELETE /api/user/email/pending's work: the new address waiting for its link is forgotten. */
export const cancelEmailChangeAction = action({
  name: "cancelEmailChange",
  audience: "user",
  handle: async ({ viewer }) => {
    await cancelEmailChange(viewer.id);
    revalidatePath("/user/profile");
    return { message: EMAIL_CHANGE_CANCELLED };
  },
});

/**
 * The profile's Delete account form: DELETE /api/user's work, then the cookie is cleared and the
 * visitor lands on the sign-in page, which says the account was deleted. Once the page is
 * interactive the form confirms in a dialog before sending.
 */
export const deleteAccountAction = action({
  name: "deleteAccount",
  audience: "user",
  signInReturnTo: () => "/user/profile",
  schema: deleteAccountSchema,
  handle: async ({ viewer, input }) => {
    await deleteOwnAccount(viewer, input);
    await signOut({ redirect: false });
    return { redirectTo: "/auth?account=deleted" };
  },
});
