"use client";

import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { Button } from "@/components/ui/button";
import { registerAction } from "@/lib/auth/actions";
import { registerSchema, USERNAME_HINT, type RegisterInput } from "@/lib/validation/auth";

type RegisterFormProps = {
  /** A safe path to return to after registering; otherwise the new user's dashboard. */
  callbackUrl: string | null;
};

const FAILURE_TITLE = "Registration failed";
const EMPTY: RegisterInput = { fullName: "", email: "", username: "", password: "", confirmPassword: "" };

/** The registration form: registerAction, with or without JavaScript (lib/auth/actions.ts). */
export function RegisterForm({ callbackUrl }: RegisterFormProps) {
  const { formProps, field, pending, form } = useActionForm<RegisterInput>({
    action: registerAction,
    schema: registerSchema,
    // The passwords are never given back: they start empty after a refusal.
    defaults: EMPTY,
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <ActionForm {...formProps} failureTitle={FAILURE_TITLE} callbackUrl={callbackUrl} aria-label="Register">
      <FormField id="register-full-name" label="Full name" autoComplete="name" {...field("fullName")} />
      <FormField id="register-email" label="Email" type="email" autoComplete="email" {...field("email")} />
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={USERNAME_HINT}
        {...field("username")}
      />
      <NewPasswordFields idPrefix="register" register={register} errors={errors} />
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? "Creating account..." : "Create Account"}
      </Button>
    </ActionForm>
  );
}
