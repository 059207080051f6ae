// What every server action answers (they are built with action(), lib/http/action.server.ts): the API's
// status and error shape, or a success message. Types and constants only, so client components
// import them.

export interface FormState {
  /** The HTTP status the API would have answered (400, 401, 409, 422, 429...). */
  status?: number;
  /** The API's `error` message. */
  error?: string;
  /** The API's per-field messages. */
  fieldErrors?: Record<string, string[]>;
  /** A success message (forgot and reset password). */
  message?: string;
  /** What was typed, never a password, to fill the form in again. */
  values?: Record<string, string>;
  /**
   * Where to go after a success. A form posted without JavaScript is redirected there by the
   * action itself; a form sent by the page's script gets it back and navigates there once it has
   * told the user (a toast), or stays put (signing in again in a dialog).
   */
  redirectTo?: string;
  /** What a success returns besides its message (the signed-in user's id). */
  result?: Record<string, string | number | boolean | null>;
}

/**
 * The hidden field a form's script adds when it sends the form itself: the action then answers
 * with its state (redirectTo included) instead of redirecting, and a page that needs an account
 * gets a 401 it shows in place rather than a redirect to the sign-in page.
 */
export const SENT_BY_SCRIPT_FIELD = "_sentByScript";

export const INITIAL_FORM_STATE: FormState = {};
