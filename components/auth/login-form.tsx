"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useActionState, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { ActionForm, useActionFieldErrors } from "@/components/forms/action-state";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import { loginAction } from "@/lib/auth/actions";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";
import { homeOf } from "@/lib/auth/paths";
import { errorMessage } from "@/lib/http/client";
import type { UserDto } from "@/lib/users/dto";
import { loginSchema, type LoginInput } from "@/lib/validation/auth";
import { useAuth } from "./auth-provider";

type LoginFormProps = {
  /** A safe path to return to after signing in; otherwise the user's dashboard. */
  callbackUrl: string | null;
  /**
   * Signing in without leaving the page (a dialog over a form being filled in): told the user
   * instead of going to callbackUrl, and "Forgot password?" opens in a new tab.
   */
  onSignedIn?: (user: UserDto) => void;
};

export function LoginForm({ callbackUrl, onSignedIn }: LoginFormProps) {
  const { login } = useAuth();
  const router = useRouter();
  // Stays true after success, while the next page loads, so the form cannot be sent twice.
  const [leaving, setLeaving] = useState(false);
  // Before hydration (or without JavaScript) the form posts to loginAction; see lib/auth/actions.ts.
  const [state, formAction] = useActionState(loginAction, INITIAL_FORM_STATE);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: state.values?.username ?? "", password: "" },
    errors: useActionFieldErrors<LoginInput>(state),
  });
  const field = fieldsOf(register, errors, state.values);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await login(values);
      if (onSignedIn) {
        onSignedIn(user);
        return;
      }
      setLeaving(true);
      router.replace(callbackUrl ?? homeOf(user));
      router.refresh();
    } catch (error) {
      applyServerFieldErrors(error, setError, ["username", "password"]);
      toast.error("Login failed", { description: errorMessage(error) });
    }
  });

  const pending = isSubmitting || leaving;
  return (
    <ActionForm
      action={formAction}
      onSubmit={onSubmit}
      state={state}
      failureTitle="Login failed"
      callbackUrl={callbackUrl}
      aria-label="Login"
    >
      <FormField
        id="login-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...field("username")}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        labelAside={
          <Link
            href="/auth/forgot-password"
            target={onSignedIn ? "_blank" : undefined}
            className="rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            Forgot password?
            {onSignedIn && <span className="sr-only"> (opens in a new tab)</span>}
          </Link>
        }
        {...register("password")}
      />
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending ? "Signing in..." : "Sign In"}
      </Button>
    </ActionForm>
  );
}
