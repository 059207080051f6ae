"use client";

import { Loader2Icon } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { ActionError, useActionForm } from "@/components/forms/action-state";
import { FormField, fieldsOf } from "@/components/forms/form-field";
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
import { deleteAccountAction } from "@/lib/users/actions";
import { deletionConsequence } from "@/lib/users/deletion-consequence";
import type { DeleteAccountInput } from "@/lib/validation/auth";

const FAILURE_TITLE = "Could not delete your account";

type DeleteAccountFormProps = {
  footprint: { applications: number; drafts: number };
  /** Accounts with a password confirm with it; Google-only accounts confirm in the dialog. */
  hasPassword: boolean;
};

/**
 * Deleting one's own account, through deleteAccountAction either way. Once interactive, the
 * button asks for confirmation in a dialog that names what will be deleted, then sends the form;
 * before hydration the form posts at once, the consequence being stated next to the button.
 */
export function DeleteAccountForm({ footprint, hasPassword }: DeleteAccountFormProps) {
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { state, dispatch, pending, form, submit } = useActionForm<DeleteAccountInput>({
    action: deleteAccountAction,
    defaults: { currentPassword: "" },
    onFailure: ({ error }) => {
      setConfirming(false);
      toast.error(FAILURE_TITLE, { description: error });
    },
    // The session ended with the account: the next page's header shows Sign In again.
    onSuccess: () => toast.success("Account deleted"),
  });
  const {
    register,
    getValues,
    setError,
    formState: { errors },
  } = form;
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

  const confirm = () => {
    if (formRef.current) submit(new FormData(formRef.current));
  };

  return (
    <form
      ref={formRef}
      action={dispatch}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label="Delete account"
    >
      <ActionError title={FAILURE_TITLE} state={state} />
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
              onClick={confirm}
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
