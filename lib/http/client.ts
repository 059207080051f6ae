import type { ErrorBody } from "./errors";

// The browser's fetch client: cookies always sent, a JSON body (and its content type) only when
// there is a body, and any non-OK response thrown as an ApiError whose message is
// "{status}: {body text}" (the status text when the body is empty), as the REST contract says.
// No retries, no caching.

export interface ApiFetchOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. Leave undefined for a request without a body. */
  body?: unknown;
  /** A file sent as the body itself, with its own type (an upload); instead of `body`. */
  file?: Blob;
  signal?: AbortSignal;
}

/**
 * A non-OK answer of our API: its status, its body text, and the body parsed when it is our JSON
 * error shape. Its message is "{status}: {body text}" (the status text when the body is empty).
 */
export class ApiError extends Error {
  readonly body: Partial<ErrorBody> | null;

  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.body = parseErrorBody(text);
  }
}

function parseErrorBody(text: string): Partial<ErrorBody> | null {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Partial<ErrorBody>) : null;
  } catch {
    return null;
  }
}

/**
 * Calls our API and returns the parsed JSON answer, or null when the answer has no body (204).
 * Throws an ApiError for a non-OK status.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = "GET", body, file, signal } = options;
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: file
      ? { "Content-Type": file.type || "application/octet-stream" }
      : hasBody
        ? { "Content-Type": "application/json" }
        : undefined,
    body: file ?? (hasBody ? JSON.stringify(body) : undefined),
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text || response.statusText);
  return (text ? JSON.parse(text) : null) as T;
}

/** The HTTP status of an apiFetch error, or null when the request never got an answer. */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

export const NETWORK_FAILURE = "Could not reach the server. Check your connection and try again.";
export const UNKNOWN_FAILURE = "Something went wrong. Please try again.";

/**
 * A message for a toast or a form: the server's `error` field when the body is our JSON error
 * shape, else a short plain-text body (such as a status text), else a generic sentence.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (typeof error.body?.error === "string" && error.body.error) return error.body.error;
    const text = error.text.trim();
    // An HTML error page or a long dump says nothing useful to a person.
    return text && !text.startsWith("<") && !text.startsWith("{") && text.length <= 200
      ? text
      : UNKNOWN_FAILURE;
  }
  if (error instanceof TypeError) return NETWORK_FAILURE; // fetch's "Failed to fetch"
  return UNKNOWN_FAILURE;
}

/** The server's per-field messages of a 400 or 409 (`{ fieldErrors: { field: [messages] } }`). */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  const fieldErrors = error instanceof ApiError ? error.body?.fieldErrors : undefined;
  if (!fieldErrors || typeof fieldErrors !== "object") return {};
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (Array.isArray(messages)) {
      const texts = messages.filter((m): m is string => typeof m === "string");
      if (texts.length) result[field] = texts;
    }
  }
  return result;
}

/**
 * The message of a 409 for an edit based on an older version of the row (the server puts it on the
 * field `version`), or null for any other failure.
 */
export function staleWriteMessage(error: unknown): string | null {
  if (errorStatus(error) !== 409) return null;
  return fieldErrorsOf(error).version?.[0] ?? null;
}
