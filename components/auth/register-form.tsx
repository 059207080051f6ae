"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useActionState, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ActionForm, useActionFieldErrors } from "@/components/forms/action-state";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import { registerAction } from "@/lib/auth/actions";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";
import { homeOf } from "@/lib/auth/paths";
import { errorMessage } from "@/lib/http/client";
import { registerSchema, type RegisterInput } from "@/lib/validation/auth";
import { useAuth } from "./auth-provider";

type RegisterFormProps = {
  /** A safe path to return to after registering; otherwise the new user's dashboard. */
  callbackUrl: string | null;
};

const FIELDS = ["fullName", "email", "username", "password", "confirmPassword"] as const;

export function RegisterForm({ callbackUrl }: RegisterFormProps) {
  const { register: createAccount } = useAuth();
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  // Before hydration (or without JavaScript) the form posts to registerAction; see lib/auth/actions.ts.
  const [state, formAction] = useActionState(registerAction, INITIAL_FORM_STATE);
  const typed = { fullName: "", email: "", username: "", ...state.values };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { ...typed, password: "", confirmPassword: "" },
    errors: useActionFieldErrors<RegisterInput>(state),
  });
  const field = fieldsOf(register, errors, state.values);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await createAccount(values);
      setLeaving(true);
      router.replace(callbackUrl ?? homeOf(user));
      router.refresh();
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      toast.error("Registration failed", { description: errorMessage(error) });
    }
  });

  const pending = isSubmitting || leaving;
  return (
    <ActionForm
      action={formAction}
      onSubmit={onSubmit}
      state={state}
      failureTitle="Registration failed"
      callbackUrl={callbackUrl}
      aria-label="Register"
    >
      <FormField id="register-full-name" label="Full name" autoComplete="name" {...field("fullName")} />
      <FormField id="register-email" label="Email" type="email" autoComplete="email" {...field("email")} />
      <FormField
        id="register-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="3 to 32 characters: letters, digits, '.', '_' and '-'."
        {...field("username")}
      />
      <NewPasswordFields idPrefix="register" register={register} errors={errors} />
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? "Creating account..." : "Create Account"}
      </Button>
    </ActionForm>
  );
}
