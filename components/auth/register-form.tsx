"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import { homeOf } from "@/lib/auth/paths";
import { errorMessage } from "@/lib/http/client";
import { registerSchema } from "@/lib/validation/auth";
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { fullName: "", email: "", username: "", password: "", confirmPassword: "" },
  });
  const field = fieldsOf(register, errors);

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
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Register">
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
    </form>
  );
}
