"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage } from "@/lib/http/client";

type WithdrawButtonProps = { applicationId: number; programName: string };

/** Withdraws a pending application (DELETE /api/applications/{id}) after a confirmation. */
export function WithdrawButton({ applicationId, programName }: WithdrawButtonProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const withdraw = async () => {
    setBusy(true);
    try {
      await apiFetch(`/api/applications/${applicationId}`, { method: "DELETE" });
      setOpen(false);
      toast.success("Application withdrawn", {
        description: `Your application to ${programName} has been withdrawn.`,
      });
      router.refresh();
    } catch (error) {
      toast.error("Could not withdraw the application", { description: errorMessage(error) });
      router.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm">
          Withdraw<span className="sr-only"> the application to {programName}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Withdraw this application?</AlertDialogTitle>
          <AlertDialogDescription>
            Your application to {programName} will be removed and the admissions team will not review it. You
            can apply again before the deadline.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={busy}
            onClick={(event) => {
              event.preventDefault(); // stay open until the server has answered
              void withdraw();
            }}
          >
            {busy ? "Withdrawing..." : "Withdraw"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
