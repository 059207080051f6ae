"use client";

import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { Button } from "@/components/ui/button";
import { changePasswordAction } from "@/lib/users/actions";
import { changePasswordSchema } from "@/lib/validation/auth";

type ChangePasswordInput = { currentPassword: string; password: string; confirmPassword: string };
const EMPTY: ChangePasswordInput = { currentPassword: "", password: "", confirmPassword: "" };
const FAILURE_TITLE = "Could not change your password";

/**
 * Changes the password after checking the current one. The server ends the account's other
 * sessions, keeps this one signed in and tells the account's address.
 */
export function ChangePasswordForm() {
  const { formProps, field, pending, form } = useActionForm<ChangePasswordInput>({
    action: changePasswordAction,
    schema: changePasswordSchema,
    defaults: EMPTY,
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
    // Nothing of a password stays in the fields once it is changed.
    onSuccess: ({ message }) => {
      form.reset(EMPTY);
      toast.success("Password changed", { description: message });
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <ActionForm
      {...formProps}
      failureTitle={FAILURE_TITLE}
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
        <Button type="submit" disabled={pending}>
          {pending ? "Changing password..." : "Change password"}
        </Button>
      </div>
    </ActionForm>
  );
}
