"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { MailIcon } from "lucide-react";
import { useActionState, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ActionForm, useActionFieldErrors } from "@/components/forms/action-state";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { forgotPasswordAction } from "@/lib/auth/form-actions";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";
import { apiFetch, errorMessage } from "@/lib/http/client";
import { forgotPasswordSchema } from "@/lib/validation/auth";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  // Before hydration (or without JavaScript) the form posts to forgotPasswordAction.
  const [state, formAction] = useActionState(forgotPasswordAction, INITIAL_FORM_STATE);
  const [sent, setAnswer] = useState<string | null>(null);
  const answer = sent ?? state.message ?? null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: state.values?.email ?? "" },
    errors: useActionFieldErrors<{ email: string }>(state),
  });
  const field = fieldsOf(register, errors, state.values);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await apiFetch<{ message: string }>("/api/password/forgot", {
        method: "POST",
        body: values,
      });
      setAnswer(message);
    } catch (error) {
      applyServerFieldErrors(error, setError, ["email"]);
      toast.error("Could not send the reset link", { description: errorMessage(error) });
    }
  });

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
    <ActionForm
      action={formAction}
      onSubmit={onSubmit}
      state={state}
      failureTitle="Could not send the reset link"
    >
      <FormField id="forgot-email" label="Email" type="email" autoComplete="email" {...field("email")} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Sending..." : "Send reset link"}
      </Button>
    </ActionForm>
  );
}
