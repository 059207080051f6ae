"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage } from "@/lib/http/client";
import { changePasswordSchema } from "@/lib/validation/auth";

const FIELDS = ["currentPassword", "password", "confirmPassword"] as const;

/**
 * Changes the password after checking the current one (POST /api/user/password). The server ends
 * the account's other sessions and keeps this one signed in.
 */
export function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });
  const field = fieldsOf(register, errors);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await apiFetch<null>("/api/user/password", { method: "POST", body: values });
      reset();
      toast.success("Password changed", {
        description: "Use the new password next time you sign in. Other devices have been signed out.",
      });
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      toast.error("Could not change your password", { description: errorMessage(error) });
    }
  });

  return (
    // method="post": a submission before hydration must not put the passwords in the URL (issue 11 §6).
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-5">
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
    </form>
  );
}
