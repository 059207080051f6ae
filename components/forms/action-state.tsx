"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import { useRouter, unstable_rethrow } from "next/navigation";
import { useActionState, useEffect, useMemo, useState, useTransition } from "react";
import {
  useForm,
  type Path,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
} from "react-hook-form";
import { fieldsOf } from "@/components/forms/form-field";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { NETWORK_FAILURE } from "@/lib/http/client";
import { INITIAL_FORM_STATE, SENT_BY_SCRIPT_FIELD, type FormState } from "@/lib/http/form-state";
import type { ZodType } from "@/lib/validation/zod";

// A form has one submission path: its server action (lib/http/action.server.ts). Before hydration (or
// without JavaScript) the browser posts the form and Next runs the action (useActionState keeps
// its answer); once hydrated, react-hook-form checks the fields with the same zod schema first,
// and a valid form is sent to the same action by the script, which marks it SENT_BY_SCRIPT_FIELD.
// Either way the action's answer (FormState) is what the form shows: the per-field messages on
// their fields (react-hook-form's `errors` option, which also renders them on the server), the
// message above the form, and, once interactive, a toast and the navigation the answer names. A
// form sent by the script that never gets an answer (network down) says so like any refusal,
// instead of reaching the page's error boundary.

type ServerAction = (previous: FormState, data: FormData) => Promise<FormState>;

interface ActionFormOptions<T extends FieldValues> {
  /** The server action, built with action(). */
  action: ServerAction;
  /** The schema the action checks with: the form checks with it before sending. */
  schema?: ZodType;
  /** The fields' values when the action has given none back. */
  defaults: T;
  /** Called once the page is interactive with each refusal (to show a toast). */
  onFailure?: (state: FormState & { error: string }) => void;
  /** Called once the page is interactive with each success (to reset the fields, refresh). */
  onSuccess?: (state: FormState) => void;
  /**
   * Whether a success naming `redirectTo` navigates there (the default); a form that stays put
   * (signing in again in a dialog) handles the success in onSuccess instead.
   */
  followRedirect?: boolean;
}

/** What a form sent by its script shows when the action could not be reached. */
export const UNREACHABLE_STATE: FormState = { status: 0, error: NETWORK_FAILURE };

/**
 * Sends a form to its server action from the page's script: the action's answer, or
 * UNREACHABLE_STATE when none came (Next's own navigation errors pass through).
 */
export async function sendToAction(action: ServerAction, data: FormData): Promise<FormState> {
  data.set(SENT_BY_SCRIPT_FIELD, "1");
  try {
    return await action(INITIAL_FORM_STATE, data);
  } catch (error) {
    unstable_rethrow(error);
    return UNREACHABLE_STATE;
  }
}

/**
 * A form's submission without its fields' checks (a form of hidden fields and a button: Claim):
 * `dispatch` is the form's `action` (its post before hydration), `submit` sends a FormData to the
 * same action from the page's script, then tells the user (onFailure, onSuccess) and goes where
 * the answer says; `pending` while the action runs or the next page loads; `answer` is the
 * script's last answer, `state` the one the form shows (the script's, or the post's).
 */
export function useActionSubmit({
  action,
  onFailure,
  onSuccess,
  followRedirect = true,
}: Pick<ActionFormOptions<FieldValues>, "action" | "onFailure" | "onSuccess" | "followRedirect">) {
  const router = useRouter();
  const [posted, dispatch] = useActionState(action, INITIAL_FORM_STATE);
  const [answer, setAnswer] = useState<FormState | null>(null);
  const [sending, startTransition] = useTransition();
  const [leaving, setLeaving] = useState(false);
  const submit = (data: FormData) =>
    startTransition(async () => {
      const next = await sendToAction(action, data);
      startTransition(() => {
        setAnswer(next);
        if (next.error) {
          onFailure?.({ ...next, error: next.error });
          return;
        }
        onSuccess?.(next);
        if (next.redirectTo && followRedirect) {
          setLeaving(true);
          router.replace(next.redirectTo);
          router.refresh();
        }
      });
    });
  return { state: answer ?? posted, answer, dispatch, pending: sending || leaving, submit };
}

/**
 * The form's state and handlers: `dispatch` is the form's `action` (its post before hydration),
 * `onSubmit` its onSubmit (which validates, then sends the form to the same action), `submit`
 * sends a FormData the page built (after a confirmation), `pending` while the action runs or the
 * next page loads.
 */
export function useActionForm<T extends FieldValues>({
  action,
  schema,
  defaults,
  onFailure,
  onSuccess,
  followRedirect = true,
}: ActionFormOptions<T>) {
  const { state, answer, dispatch, pending, submit } = useActionSubmit({
    action,
    onFailure,
    onSuccess,
    followRedirect,
  });
  const values = (state.values ?? defaults) as T;
  const form = useForm<T>({
    resolver: schema ? (zodResolver(schema as never) as unknown as Resolver<T>) : undefined,
    defaultValues: values as DefaultValues<T>,
    errors: useActionFieldErrors<T>(state),
  });
  useEffect(() => {
    // The first field the action refused takes the focus once its message is rendered.
    const first = Object.keys(answer?.fieldErrors ?? {}).find((field) => field !== "_");
    if (first) form.setFocus(first as never);
  }, [answer, form]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    event.preventDefault();
    void form.handleSubmit(() => submit(new FormData(element)))(event);
  };
  return {
    state,
    dispatch,
    pending,
    form,
    values,
    onSubmit,
    submit,
    /** A field's registration, message and first value, for FormField (`{...field("email")}`). */
    field: fieldsOf(form.register, form.formState.errors, values as Partial<Record<Path<T>, string>>),
    /** ActionForm's own props: `<ActionForm {...formProps} failureTitle="...">`. */
    formProps: { action: dispatch, onSubmit, state },
  };
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
