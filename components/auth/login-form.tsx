"use client";

import Link from "next/link";
import { toast } from "sonner";
import { ActionForm, useActionForm } from "@/components/forms/action-state";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { loginAction } from "@/lib/auth/actions";
import { loginSchema, type LoginInput } from "@/lib/validation/auth";

type LoginFormProps = {
  /** A safe path to return to after signing in; otherwise the user's dashboard. */
  callbackUrl: string | null;
  /**
   * Signing in without leaving the page (a dialog over a form being filled in): told the user's
   * id instead of going to callbackUrl, and "Forgot password?" opens in a new tab.
   */
  onSignedIn?: (userId: number) => void;
};

const FAILURE_TITLE = "Login failed";

/** The sign-in form: loginAction, with or without JavaScript (lib/auth/actions.ts). */
export function LoginForm({ callbackUrl, onSignedIn }: LoginFormProps) {
  const { formProps, field, pending, form } = useActionForm<LoginInput>({
    action: loginAction,
    schema: loginSchema,
    defaults: { username: "", password: "" },
    followRedirect: !onSignedIn,
    onFailure: ({ error }) => toast.error(FAILURE_TITLE, { description: error }),
    onSuccess: ({ result }) => {
      if (onSignedIn && typeof result?.userId === "number") onSignedIn(result.userId);
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <ActionForm {...formProps} failureTitle={FAILURE_TITLE} callbackUrl={callbackUrl} aria-label="Login">
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
