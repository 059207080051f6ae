"use client";

import { Loader2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
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

type UserStatusButtonProps = {
  user: { id: number; fullName: string; isActive: boolean };
};

/**
 * Activate or Deactivate (PATCH /api/users/{id} { isActive }). Deactivating asks first: the person
 * is signed out at their next request and cannot sign in again until reactivated.
 */
export function UserStatusButton({ user }: UserStatusButtonProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function setActive(isActive: boolean) {
    setPending(true);
    try {
      await apiFetch(`/api/users/${user.id}`, { method: "PATCH", body: { isActive } });
      toast.success(isActive ? "User activated" : "User deactivated", {
        description: isActive
          ? `${user.fullName} can sign in again.`
          : `${user.fullName} has been signed out.`,
      });
      setOpen(false);
      router.refresh();
    } catch (error) {
      toast.error("Error", { description: errorMessage(error) });
    } finally {
      setPending(false);
    }
  }

  if (!user.isActive) {
    return (
      <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => setActive(true)}>
        {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        Activate<span className="sr-only"> {user.fullName}</span>
      </Button>
    );
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          Deactivate<span className="sr-only"> {user.fullName}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Deactivate {user.fullName}?</AlertDialogTitle>
          <AlertDialogDescription>
            They are signed out at once and cannot sign in until an admin activates the account again. Their
            applications are kept.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <button
            type="button"
            className={buttonVariants({ variant: "destructive" })}
            onClick={() => setActive(false)}
            disabled={pending}
          >
            {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Deactivate
          </button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
