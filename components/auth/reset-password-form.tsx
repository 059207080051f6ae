"use client";

import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import Link from "next/link";
import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { resetPasswordAction } from "@/lib/auth/actions";
import { INITIAL_FORM_STATE, type FormState } from "@/lib/http/form-state";
import { resetPasswordSchema } from "@/lib/validation/auth";

const FAILURE_TITLE = "Could not change the password";
type ResetInput = { token: string; password: string; confirmPassword: string };

const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

/** A refused token (expired, spent, unknown) or an incomplete link: the form cannot help then. */
function refusalOf(state: FormState): string | null {
  const tokenError = state.fieldErrors?.token?.[0];
  return state.status === 422 || tokenError ? (tokenError ?? state.error ?? null) : null;
}

/** Sets a new password with the token of a reset e-mail. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { formProps, pending, form, state } = useActionForm<ResetInput>({
    action: resetPasswordAction,
    schema: resetPasswordSchema,
    defaults: { token, password: "", confirmPassword: "" },
    onFailure: (refusedState) => {
      if (!refusalOf(refusedState)) toast.error(FAILURE_TITLE, { description: refusedState.error });
    },
  });
  const done = state.error ? null : state.message;
  const refused = refusalOf(state);
  const {
    register,
    formState: { errors },
  } = form;

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
    <ActionForm {...formProps} state={refused ? INITIAL_FORM_STATE : state} failureTitle={FAILURE_TITLE}>
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
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? "Saving..." : "Set new password"}
      </Button>
    </ActionForm>
  );
}
