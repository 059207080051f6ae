"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import Link from "next/link";
import { useActionState, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ActionForm, useActionFieldErrors } from "@/components/forms/action-state";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { resetPasswordAction } from "@/lib/auth/form-actions";
import { INITIAL_FORM_STATE, type FormState } from "@/lib/http/form-state";
import { apiFetch, errorMessage, errorStatus, fieldErrorsOf } from "@/lib/http/client";
import { resetPasswordSchema } from "@/lib/validation/auth";

const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

/** A refused token (expired, spent, unknown) or an incomplete link: the form cannot help then. */
function refusalOf(state: FormState): string | null {
  const tokenError = state.fieldErrors?.token?.[0];
  return state.status === 422 || tokenError ? (tokenError ?? state.error ?? null) : null;
}

/** Sets a new password with the token of a reset e-mail. */
export function ResetPasswordForm({ token }: { token: string }) {
  // Before hydration (or without JavaScript) the form posts to resetPasswordAction.
  const [state, formAction] = useActionState(resetPasswordAction, INITIAL_FORM_STATE);
  const [changed, setDone] = useState<string | null>(null);
  const done = changed ?? state.message ?? null;
  const [refusedNow, setRefused] = useState<string | null | undefined>(undefined);
  const refused = refusedNow === undefined ? refusalOf(state) : refusedNow;
  const serverErrors = useActionFieldErrors<{ token: string; password: string; confirmPassword: string }>(
    refused ? {} : state,
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
    errors: serverErrors,
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefused(null);
    try {
      const { message } = await apiFetch<{ message: string }>("/api/password/reset", {
        method: "POST",
        body: values,
      });
      setDone(message);
    } catch (error) {
      const tokenError = fieldErrorsOf(error).token?.[0];
      if (errorStatus(error) === 422 || tokenError) {
        setRefused(tokenError ?? errorMessage(error));
        return;
      }
      applyServerFieldErrors(error, setError, ["password", "confirmPassword"]);
      toast.error("Could not change the password", { description: errorMessage(error) });
    }
  });

  if (done) {
    return (
      <Alert variant="success" role="status">
        <CheckCircle2Icon aria-hidden="true" />
        <AlertTitle>Password changed</AlertTitle>
        <AlertDescription>
          <p>{done}</p>
          <p>
            <Link href="/auth" className={linkClass}>
              Sign in
            </Link>
          </p>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <ActionForm
      action={formAction}
      onSubmit={onSubmit}
      state={refused ? INITIAL_FORM_STATE : state}
      failureTitle="Could not change the password"
    >
      {refused && (
        <Alert variant="destructive" role="alert">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>This link cannot be used</AlertTitle>
          <AlertDescription>
            <p>{refused}</p>
            <p>
              <Link href="/auth/forgot-password" className={linkClass}>
                Request a new link
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      )}
      <input type="hidden" defaultValue={token} {...register("token")} />
      <NewPasswordFields
        idPrefix="reset"
        register={register}
        errors={errors}
        labels={{ password: "New password", confirm: "Confirm new password" }}
      />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Saving..." : "Set new password"}
      </Button>
    </ActionForm>
  );
}
