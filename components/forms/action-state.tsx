"use client";

import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import { useMemo } from "react";
import type { FieldErrors, FieldValues } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { FormState } from "@/lib/auth/form-state";

// The answer of a form's server action (lib/auth/form-actions.ts), shown by the form that was sent
// before hydration or without JavaScript: the per-field messages on their fields (react-hook-form's
// `errors` option, which also renders them on the server) and the message above the form.

/** The action's per-field messages for useForm({ errors }); stable while the state is. */
export function useActionFieldErrors<T extends FieldValues>(state: FormState): FieldErrors<T> | undefined {
  return useMemo(() => {
    const entries = Object.entries(state.fieldErrors ?? {}).filter(([field]) => field !== "_");
    if (entries.length === 0) return undefined;
    // "academicHistory.gpa" becomes { academicHistory: { gpa } }, the shape react-hook-form reads.
    const errors: Record<string, unknown> = {};
    for (const [field, messages] of entries) {
      const path = field.split(".");
      let node = errors;
      for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
      node[path[path.length - 1]] = { type: "server", message: messages[0] };
    }
    return errors as FieldErrors<T>;
  }, [state]);
}

type ActionFormProps = Omit<React.ComponentProps<"form">, "action"> & {
  /** useActionState's dispatch: the form's POST before hydration. */
  action: (data: FormData) => void;
  /** The action's last answer and the title of its message. */
  state: FormState;
  failureTitle: string;
  /** When set, the action's success message is shown under this title. */
  successTitle?: string;
  /** Sent with the form when set (where to go after signing in). */
  callbackUrl?: string | null;
};

/**
 * A form that posts to its server action until the page is interactive; then its onSubmit
 * (react-hook-form's handleSubmit, which prevents the native submission) calls the API instead.
 */
export function ActionForm({
  action,
  state,
  failureTitle,
  successTitle,
  callbackUrl,
  children,
  ...props
}: ActionFormProps) {
  return (
    <form action={action} noValidate className="grid gap-5" {...props}>
      <ActionError title={failureTitle} state={state} />
      {successTitle && <ActionSuccess title={successTitle} state={state} />}
      {callbackUrl !== undefined && <input type="hidden" name="callbackUrl" value={callbackUrl ?? ""} />}
      {children}
    </form>
  );
}

/**
 * The action's message when no field carries it (wrong password, throttled, server error). With a
 * `ref` it can take the focus (a script moving it there after a failed submit).
 */
export function ActionError({
  title,
  state,
  ref,
}: {
  title: string;
  state: FormState;
  ref?: React.Ref<HTMLDivElement>;
}) {
  if (!state.error || state.fieldErrors) return null;
  return (
    <Alert
      variant="destructive"
      role="alert"
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className={ref ? "outline-none focus-visible:ring-2 focus-visible:ring-brand-600" : undefined}
    >
      <AlertCircleIcon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{state.error}</p>
      </AlertDescription>
    </Alert>
  );
}

/** The action's success message (a form that stays on the page: profile, password change). */
export function ActionSuccess({ title, state }: { title: string; state: FormState }) {
  if (!state.message) return null;
  return (
    <Alert variant="success" role="status">
      <CheckCircle2Icon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{state.message}</p>
      </AlertDescription>
    </Alert>
  );
}
