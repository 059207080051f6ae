"use client";

import { Loader2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useActionState, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { useAuth } from "@/components/auth/auth-provider";
import { ActionError, useActionFieldErrors } from "@/components/forms/action-state";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { INITIAL_FORM_STATE } from "@/lib/http/form-state";
import { apiFetch, errorMessage } from "@/lib/http/client";
import { deleteAccountAction } from "@/lib/users/actions";
import { deletionConsequence } from "@/lib/users/deletion";
import type { DeleteAccountInput } from "@/lib/validation/auth";

type DeleteAccountFormProps = {
  footprint: { applications: number; drafts: number };
  /** Accounts with a password confirm with it; Google-only accounts confirm in the dialog. */
  hasPassword: boolean;
};

/**
 * Deleting one's own account. Once interactive, the button asks for confirmation in
 * a dialog that names what will be deleted, then calls DELETE /api/user; before hydration the form
 * posts to deleteAccountAction, the consequence being stated next to the button.
 */
export function DeleteAccountForm({ footprint, hasPassword }: DeleteAccountFormProps) {
  const { refresh } = useAuth();
  const router = useRouter();
  const [state, formAction] = useActionState(deleteAccountAction, INITIAL_FORM_STATE);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const {
    register,
    getValues,
    setError,
    formState: { errors },
  } = useForm<DeleteAccountInput>({
    defaultValues: { currentPassword: "" },
    errors: useActionFieldErrors<DeleteAccountInput>(state),
  });
  const field = fieldsOf(register, errors);
  const consequence = `${deletionConsequence(footprint)} This cannot be undone.`.trim();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (hasPassword && !getValues("currentPassword")) {
      setError("currentPassword", {
        type: "required",
        message: "Enter your password to delete your account",
      });
      return;
    }
    setConfirming(true);
  };

  const confirm = async () => {
    setPending(true);
    try {
      await apiFetch<null>("/api/user", {
        method: "DELETE",
        body: hasPassword ? { currentPassword: getValues("currentPassword") } : {},
      });
      toast.success("Account deleted");
      await refresh(); // the session ended with the account: the header shows Sign In again
      router.replace("/auth?account=deleted");
      router.refresh();
    } catch (error) {
      setPending(false);
      setConfirming(false);
      applyServerFieldErrors(error, setError, ["currentPassword"]);
      toast.error("Could not delete your account", { description: errorMessage(error) });
    }
  };

  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label="Delete account"
    >
      <ActionError title="Could not delete your account" state={state} />
      <p className="text-sm text-slate-700">{consequence}</p>
      {hasPassword && (
        <FormField
          id="delete-account-password"
          label="Confirm with your password"
          type="password"
          autoComplete="current-password"
          {...field("currentPassword")}
        />
      )}
      <div>
        <Button type="submit" variant="destructive">
          Delete my account
        </Button>
      </div>
      <AlertDialog open={confirming} onOpenChange={(open) => !pending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>{consequence}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            <button
              type="button"
              className={buttonVariants({ variant: "destructive" })}
              onClick={() => void confirm()}
              disabled={pending}
            >
              {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              {pending ? "Deleting..." : "Delete my account"}
            </button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}
