"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useActionState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ActionForm, useActionFieldErrors } from "@/components/forms/action-state";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";
import { apiFetch, errorMessage } from "@/lib/http/client";
import { changePasswordAction } from "@/lib/users/profile-actions";
import { PASSWORD_CHANGED } from "@/lib/users/profile-messages";
import { changePasswordSchema } from "@/lib/validation/auth";

const FIELDS = ["currentPassword", "password", "confirmPassword"] as const;
type ChangePasswordInput = { currentPassword: string; password: string; confirmPassword: string };

/**
 * Changes the password after checking the current one. The server ends the account's other
 * sessions, keeps this one signed in and tells the account's address. Before hydration (or
 * without JavaScript) the form posts to changePasswordAction; once interactive it calls
 * POST /api/user/password.
 */
export function ChangePasswordForm() {
  const [state, formAction] = useActionState(changePasswordAction, INITIAL_FORM_STATE);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
    errors: useActionFieldErrors<ChangePasswordInput>(state),
  });
  const field = fieldsOf(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await apiFetch<null>("/api/user/password", { method: "POST", body: values });
      reset();
      toast.success("Password changed", { description: PASSWORD_CHANGED });
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      toast.error("Could not change your password", { description: errorMessage(error) });
    }
  });

  return (
    <ActionForm
      action={formAction}
      onSubmit={onSubmit}
      state={state}
      failureTitle="Could not change your password"
      successTitle="Password changed"
      aria-label="Change password"
    >
      <FormField
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...field("currentPassword")}
      />
      <NewPasswordFields
        idPrefix="new"
        register={register}
        errors={errors}
        labels={{ password: "New password", confirm: "Confirm new password" }}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Changing password..." : "Change password"}
        </Button>
      </div>
    </ActionForm>
  );
}
