"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage, errorStatus, fieldErrorsOf } from "@/lib/http/client";
import { resetPasswordSchema } from "@/lib/validation/auth";

const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

/** Sets a new password with the token of a reset e-mail. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState<string | null>(null);
  // A refused token (expired, spent, unknown) or an incomplete link: the form cannot help then.
  const [refused, setRefused] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefused(null);
    try {
      const { message } = await apiFetch<{ message: string }>("/api/password/reset", {
        method: "POST",
        body: values,
      });
      setDone(message);
    } catch (error) {
      const tokenError = fieldErrorsOf(error).token?.[0];
      if (errorStatus(error) === 422 || tokenError) {
        setRefused(tokenError ?? errorMessage(error));
        return;
      }
      applyServerFieldErrors(error, setError, ["password", "confirmPassword"]);
      toast.error("Could not change the password", { description: errorMessage(error) });
    }
  });

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
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
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
      <input type="hidden" {...register("token")} />
      <NewPasswordFields
        idPrefix="reset"
        register={register}
        errors={errors}
        labels={{ password: "New password", confirm: "Confirm new password" }}
      />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}
