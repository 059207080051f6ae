"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { toast } from "sonner";
import { DialogFormFooter } from "@/components/admin/dialog-form-footer";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { apiFetch, errorMessage } from "@/lib/http/client";
import type { AdminType, Role } from "@/lib/validation/users";

type Access = "user" | "team" | "super";

const ACCESS_LABELS: Record<Access, string> = {
  super: "Super admin: everything, including admins and settings",
  team: "Team admin: students, universities, programs, applications",
  user: "User (student): no admin access",
};

const accessOf = (role: Role, adminType: AdminType | null): Access =>
  role === "admin" ? (adminType === "super" ? "super" : "team") : "user";

type ManageAccessDialogProps = {
  user: { id: number; fullName: string; role: Role; adminType: AdminType | null };
  /** The trigger's text: 'Manage Access' on the Team tab, 'Change role' in the user list. */
  triggerLabel?: string;
  /** Whether this is the viewer's own account (stepping down ends their admin access). */
  isSelf?: boolean;
};

/**
 * Changes a user's access level: super admin, team admin, or a plain user (revoking admin access).
 * Super admins only; the server refuses to demote the last active super admin (409), shown here.
 */
export function ManageAccessDialog({
  user,
  triggerLabel = "Manage Access",
  isSelf = false,
}: ManageAccessDialogProps) {
  const router = useRouter();
  const id = useId();
  const current = accessOf(user.role, user.adminType);
  const [open, setOpen] = useState(false);
  const [access, setAccess] = useState<Access>(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function onOpenChange(next: boolean) {
    if (saving) return;
    if (next) {
      setAccess(current);
      setError(null);
    }
    setOpen(next);
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (access === current) {
      setOpen(false);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await apiFetch(`/api/users/${user.id}`, {
        method: "PATCH",
        body: access === "user" ? { role: "user" } : { role: "admin", adminType: access },
      });
      toast.success("Access updated", {
        description:
          access === "user"
            ? `${user.fullName} no longer has admin access.`
            : `${user.fullName} is now a ${access} admin.`,
      });
      setOpen(false);
      router.refresh();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          {triggerLabel}
          <span className="sr-only"> for {user.fullName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage access</DialogTitle>
          <DialogDescription>
            {user.fullName}. A change signs them out; the new access applies at their next sign-in.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={save} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-access`}>Access level</Label>
            <Select value={access} onValueChange={(value) => setAccess(value as Access)}>
              <SelectTrigger id={`${id}-access`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(["super", "team", "user"] as const).map((value) => (
                  <SelectItem key={value} value={value}>
                    {ACCESS_LABELS[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {isSelf && access !== current && (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              This is your own account: you will be signed out and lose the access you give up.
            </p>
          )}
          <DialogFormFooter error={error} pending={saving} submitLabel="Save" pendingLabel="Saving…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
