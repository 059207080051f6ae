"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import { useActionState, useEffect, useEffectEvent, useMemo, useRef, useTransition } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
} from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { INITIAL_FORM_STATE, type FormState } from "@/lib/http/form-state";
import type { ZodType } from "@/lib/validation/zod";

// A form has one submission path: its server action (lib/http/action.ts), through useActionState.
// Before hydration (or without JavaScript) the browser posts the form and Next runs the action;
// once hydrated, react-hook-form checks the fields with the same zod schema first, and a valid
// form goes to the same action. Either way the action's answer (FormState) is what the form shows:
// the per-field messages on their fields (react-hook-form's `errors` option, which also renders
// them on the server), the message above the form, and a toast once the page is interactive.

interface ActionFormOptions<T extends FieldValues> {
  /** The server action, built with action(). */
  action: (previous: FormState, data: FormData) => Promise<FormState>;
  /** The schema the action checks with: the form checks with it before sending. */
  schema: ZodType;
  /** The fields' values when the action has given none back. */
  defaults: T;
  /** Called once the page is interactive with each refusal (to show a toast). */
  onFailure?: (state: FormState & { error: string }) => void;
  /** Called once the page is interactive with each success (to reset the fields, refresh). */
  onSuccess?: (state: FormState) => void;
}

/**
 * The form's state and handlers: `dispatch` is the form's `action`, `onSubmit` its onSubmit (which
 * validates, then sends the form to the same action), `pending` while the action runs.
 */
export function useActionForm<T extends FieldValues>({
  action,
  schema,
  defaults,
  onFailure,
  onSuccess,
}: ActionFormOptions<T>) {
  const [state, dispatch, pending] = useActionState(action, INITIAL_FORM_STATE);
  const [, startTransition] = useTransition();
  const values = (state.values ?? defaults) as T;
  const form = useForm<T>({
    resolver: zodResolver(schema as never) as unknown as Resolver<T>,
    defaultValues: values as DefaultValues<T>,
    errors: useActionFieldErrors<T>(state),
  });
  const reportFailure = useEffectEvent((refused: FormState & { error: string }) => onFailure?.(refused));
  const reportSuccess = useEffectEvent((answer: FormState) => onSuccess?.(answer));
  const answered = useRef(state);
  useEffect(() => {
    // Only answers to a submission made here (the first state may come from a post made before
    // hydration, which the page already shows).
    if (answered.current === state) return;
    answered.current = state;
    if (state.error) reportFailure({ ...state, error: state.error });
    else reportSuccess(state);
    const first = Object.keys(state.fieldErrors ?? {}).find((field) => field !== "_");
    if (first) form.setFocus(first as never);
  }, [state, form]);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    event.preventDefault();
    void form.handleSubmit(() => startTransition(() => dispatch(new FormData(element))))(event);
  };
  return { state, dispatch, pending, form, values, onSubmit };
}

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

/** A form posting to its server action, with the action's message above its fields. */
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
