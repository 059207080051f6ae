// What the profile page's forms say on success: the same text with or without JavaScript (the
// server actions of ./actions.ts and the forms' toasts). Constants only: client-safe.

export const PROFILE_UPDATED = "Your changes have been saved.";
export const EMAIL_CHANGED =
  "Your changes have been saved. We have sent a verification link to your new email address: your account keeps its current address until you open it. You have been signed out on your other devices.";
export const EMAIL_CHANGE_CANCELLED =
  "The change of email address was cancelled. Your account keeps its address.";
export const PASSWORD_CHANGED =
  "Use the new password next time you sign in. Other devices have been signed out.";
export const GOOGLE_UNLINKED = "Google is no longer linked. Sign in with your username and password.";
