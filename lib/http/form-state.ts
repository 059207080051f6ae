// What every server action answers (they are built with action(), lib/http/action.ts): the API's
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
}

export const INITIAL_FORM_STATE: FormState = {};
