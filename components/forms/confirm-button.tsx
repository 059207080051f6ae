"use client";

import { Loader2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { TriggeredDialog } from "@/components/forms/triggered-dialog";
import { AlertDialogCancel, AlertDialogFooter } from "@/components/ui/alert-dialog";
import { buttonVariants } from "@/components/ui/button";
import { errorMessage } from "@/lib/http/client";

export type ActionOptions = {
  /** The request, e.g. `() => apiFetch(url, { method: "DELETE" })`. */
  request: () => Promise<unknown>;
  /** The success toast: its title and description. */
  success: { title: string; description?: string };
  /** The error toast's title; its description is the server's message. */
  failureTitle?: string;
  /** Re-render the page after a failure too (what it shows may be out of date). */
  refreshOnFailure?: boolean;
};

/**
 * A request behind a button: pending while it runs, then a success toast and a re-render of the
 * page, or an error toast with the server's message. `run` resolves to whether it succeeded.
 */
export function useAction({
  request,
  success,
  failureTitle = "Error",
  refreshOnFailure = false,
}: ActionOptions) {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function run(onSuccess?: () => void): Promise<boolean> {
    setPending(true);
    try {
      await request();
      toast.success(success.title, { description: success.description });
      onSuccess?.();
      router.refresh();
      return true;
    } catch (error) {
      toast.error(failureTitle, { description: errorMessage(error) });
      if (refreshOnFailure) router.refresh();
      return false;
    } finally {
      setPending(false);
    }
  }

  return { pending, run };
}

type ConfirmButtonProps = ActionOptions & {
  /** The button that opens the confirmation (rendered as the dialog's trigger). */
  trigger: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  /** A consequence worth a second look, shown in red. */
  warning?: string;
  confirmLabel: string;
  /** The confirm button's text while the request runs; `confirmLabel` when not given. */
  pendingLabel?: string;
};

/**
 * Confirm, then act: the trigger opens a confirmation dialog; Cancel
 * closes it; confirming sends the request and stays open (and cannot be dismissed) until the
 * server answers, then toasts, closes and re-renders the page, or toasts the error and stays open.
 */
export function ConfirmButton({
  trigger,
  title,
  description,
  warning,
  confirmLabel,
  pendingLabel,
  ...action
}: ConfirmButtonProps) {
  const { pending, run } = useAction(action);
  return (
    <TriggeredDialog
      role="alertdialog"
      trigger={trigger}
      title={title}
      description={description}
      busy={pending}
    >
      {(close) => (
        <>
          {warning && <p className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">{warning}</p>}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            {/* A plain button, not AlertDialogAction, so the dialog stays open until the server answers. */}
            <button
              type="button"
              className={buttonVariants({ variant: "destructive" })}
              onClick={() => void run(close)}
              disabled={pending}
            >
              {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
              {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
            </button>
          </AlertDialogFooter>
        </>
      )}
    </TriggeredDialog>
  );
}
