import "server-only";
import { unstable_rethrow } from "next/navigation";
import { errorAnswer } from "@/lib/http/route";
import type { FormState } from "./form-state";

// Shared by the server actions of the forms (lib/auth/form-actions.ts, lib/users/profile-actions.ts).

/** A text field of a posted form, or undefined. */
export const formText = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === "string" ? value : undefined;
};

/** The answer the route handler would give for `error`, as form state (redirects pass through). */
export function formFailure(error: unknown, values?: Record<string, string>): FormState {
  unstable_rethrow(error);
  const { status, body } = errorAnswer(error);
  return { status, error: body.error, fieldErrors: body.fieldErrors, values };
}
