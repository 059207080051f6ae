/** The one error shape of every API response (ARCHITECTURE.md, Request path). */
export interface ErrorBody {
  error: string;
  fieldErrors?: Record<string, string[]>;
  requestId?: string;
}

/** The 400 body of a validation failure: each issue's message on its dotted path ("_" for the whole input). */
export function validationErrorBody(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ErrorBody {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return { error: issues[0]?.message ?? "Invalid input.", fieldErrors };
}

/** An error with an HTTP status, raised by domain code and route handlers alike. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(400, message, fieldErrors);
export const unauthorized = (message = "Please sign in to continue.") => new HttpError(401, message);
export const forbidden = (message = "You do not have permission to do this.") => new HttpError(403, message);
export const notFound = (message = "Not found.") => new HttpError(404, message);
export const conflict = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(409, message, fieldErrors);
/** The resource existed and was withdrawn on purpose (an archived program:). */
export const gone = (message: string) => new HttpError(410, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { "Retry-After": String(retryAfterSeconds) });

export const SERVICE_UNAVAILABLE = "The service is temporarily unavailable. Please try again in a minute.";
/** The database cannot be reached: a 503 that tells clients when to retry. */
export const serviceUnavailable = (retryAfterSeconds = 30) =>
  new HttpError(503, SERVICE_UNAVAILABLE, undefined, { "Retry-After": String(retryAfterSeconds) });

/**
 * 409 for an edit based on a version of the row that is no longer the saved one: the message (from
 * changedSinceOpened) is on the field `version` too, so forms can tell it from other conflicts.
 */
export const staleWrite = (message: string) => conflict(message, { version: [message] });
