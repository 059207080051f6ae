"use client";

import { MailIcon } from "lucide-react";
import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { forgotPasswordAction } from "@/lib/auth/actions";
import { forgotPasswordSchema } from "@/lib/validation/auth";

const FAILURE_TITLE = "Could not send the reset link";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const { formProps, field, pending, state } = useActionForm<{ email: string }>({
    action: forgotPasswordAction,
    schema: forgotPasswordSchema,
    defaults: { email: "" },
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
  });
  const answer = state.error ? null : state.message;

  if (answer) {
    return (
      <Alert variant="success" role="status">
        <MailIcon aria-hidden="true" />
        <AlertTitle>Check your email</AlertTitle>
        <AlertDescription>
          <p>{answer}</p>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <ActionForm {...formProps} failureTitle={FAILURE_TITLE}>
      <FormField id="forgot-email" label="Email" type="email" autoComplete="email" {...field("email")} />
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? "Sending..." : "Send reset link"}
      </Button>
    </ActionForm>
  );
}
