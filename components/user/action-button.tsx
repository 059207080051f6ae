"use client";

import { useActionState } from "react";
import { FormAnswer } from "@/components/forms/form-answer";
import { Button } from "@/components/ui/button";
import { INITIAL_FORM_STATE, type FormState } from "@/lib/http/form-state";

type ActionButtonProps = {
  /** A server action (lib/http/action.server.ts) that reads no field of the form. */
  action: (previous: FormState, data: FormData) => Promise<FormState>;
  label: string;
  pendingLabel: string;
  /** Hidden fields the form posts (e.g. an e-mail link's token). */
  fields?: Record<string, string>;
  variant?: React.ComponentProps<typeof Button>["variant"];
};

/**
 * A one-button form (Resend link, Unlink) that posts to its server action, with or without
 * JavaScript, and shows the answer beside it.
 */
export function ActionButton({
  action,
  label,
  pendingLabel,
  fields,
  variant = "outline",
}: ActionButtonProps) {
  const [state, formAction, pending] = useActionState(action, INITIAL_FORM_STATE);
  return (
    <form action={formAction} className="flex flex-col gap-2">
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <Button type="submit" size="sm" variant={variant} disabled={pending}>
          {pending ? pendingLabel : label}
        </Button>
      </div>
      <FormAnswer error={state.error} message={state.message} />
    </form>
  );
}
