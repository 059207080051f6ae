import type { FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";
import { FormField } from "./form-field";
import { PASSWORD_MIN } from "@/lib/validation/auth";

type WithNewPassword = FieldValues & { password: string; confirmPassword: string };

/**
 * A new password and its confirmation, for every form that sets one (register, reset, change).
 * The messages come from the form's schema (newPasswordSchema and its "Passwords do not match").
 */
export function NewPasswordFields<T extends WithNewPassword>({
  idPrefix,
  register,
  errors,
  labels = { password: "Password", confirm: "Confirm password" },
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<WithNewPassword>;
  labels?: { password: string; confirm: string };
}) {
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password?.message}
        {...register("password" as Path<T>)}
      />
      <FormField
        id={`${idPrefix}-confirm-password`}
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword" as Path<T>)}
      />
    </>
  );
}
