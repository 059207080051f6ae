"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Loader2Icon, Trash2Icon } from "lucide-react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { apiFetch, errorMessage } from "@/lib/http/client";

type DeleteButtonProps = {
  /** The DELETE endpoint, e.g. /api/programs/12. */
  endpoint: string;
  /** The name of what is deleted: the icon button's accessible name says "Delete {name}". */
  name: string;
  title: string;
  description: string;
  /** A consequence worth a second look, shown in red. */
  warning?: string;
  confirmLabel: string;
  successMessage: string;
};

/**
 * A row's delete action (SPEC §4 delete confirmation): the icon opens a confirmation dialog; Cancel
 * closes it; confirming sends DELETE, then toasts 'Success' with `successMessage`, closes and
 * re-renders the list, or toasts 'Error' with the server's message and stays open.
 */
export function DeleteButton({
  endpoint,
  name,
  title,
  description,
  warning,
  confirmLabel,
  successMessage,
}: DeleteButtonProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await apiFetch(endpoint, { method: "DELETE" });
      toast.success("Success", { description: successMessage });
      setOpen(false);
      router.refresh();
    } catch (error) {
      toast.error("Error", { description: errorMessage(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Trash2Icon aria-hidden="true" />
          <span className="sr-only">Delete {name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {warning && <p className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">{warning}</p>}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction, so the dialog stays open until the server answers. */}
          <button
            type="button"
            className={buttonVariants({ variant: "destructive" })}
            onClick={confirm}
            disabled={pending}
          >
            {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
