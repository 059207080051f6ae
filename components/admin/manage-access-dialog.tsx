"use client";

import { useId } from "react";
import { useWatch } from "react-hook-form";
import { DialogFormFooter } from "@/components/admin/dialog-form-footer";
import { FormDialog, useDialogForm } from "@/components/admin/form-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { apiFetch } from "@/lib/http/client";
import { updateUserSchema, type AdminType, type Role, type UpdateUserInput } from "@/lib/validation/users";

type Access = "user" | "team" | "super";

const ACCESS_LABELS: Record<Access, string> = {
  super: "Super admin: everything, including admins and settings",
  team: "Team admin: students, universities, programs, applications",
  user: "User (student): no admin access",
};

const accessOf = (role: Role | undefined, adminType: AdminType | null | undefined): Access =>
  role === "admin" ? (adminType === "super" ? "super" : "team") : "user";

/** The PATCH body for an access level: a user (student) carries no admin type. */
const bodyOf = (access: Access): UpdateUserInput =>
  access === "user" ? { role: "user" } : { role: "admin", adminType: access };

type User = { id: number; fullName: string; role: Role; adminType: AdminType | null; version: number };

type ManageAccessDialogProps = {
  user: User;
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
  return (
    <FormDialog
      title="Manage access"
      description={`${user.fullName}. A change signs them out; the new access applies at their next sign-in.`}
      trigger={
        <Button type="button" variant="outline" size="sm">
          {triggerLabel}
          <span className="sr-only"> for {user.fullName}</span>
        </Button>
      }
    >
      <AccessForm user={user} isSelf={isSelf} />
    </FormDialog>
  );
}

function AccessForm({ user, isSelf }: { user: User; isSelf: boolean }) {
  const id = useId();
  const current = accessOf(user.role, user.adminType);
  const { form, onSubmit, pending, serverError, stale, close } = useDialogForm({
    schema: updateUserSchema,
    // The version shown: a change of the account since the page was rendered refuses this one.
    defaultValues: { ...bodyOf(current), version: user.version },
    fields: ["role", "adminType"],
    request: (body) => apiFetch(`/api/users/${user.id}`, { method: "PATCH", body }),
    success: (_, { role, adminType }) => ({
      title: "Access updated",
      description:
        role === "user"
          ? `${user.fullName} no longer has admin access.`
          : `${user.fullName} is now a ${adminType} admin.`,
    }),
  });
  const {
    control,
    setValue,
    formState: { errors },
  } = form;
  const [role, adminType] = useWatch({ control, name: ["role", "adminType"] });
  const access = accessOf(role, adminType);
  const error = errors.role?.message ?? errors.adminType?.message;

  function choose(next: Access) {
    const body = bodyOf(next);
    setValue("role", body.role, { shouldDirty: true });
    setValue("adminType", body.adminType, { shouldDirty: true });
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        if (access !== current) return void onSubmit(event);
        event.preventDefault(); // nothing changed: nothing to send
        close();
      }}
      noValidate
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-access`}>Access level</Label>
        <Select value={access} onValueChange={(value) => choose(value as Access)}>
          <SelectTrigger
            id={`${id}-access`}
            className="w-full"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-access-error` : undefined}
          >
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
        {error && (
          <p id={`${id}-access-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      {isSelf && access !== current && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          This is your own account: you will be signed out and lose the access you give up.
        </p>
      )}
      <DialogFormFooter
        error={serverError}
        stale={stale}
        pending={pending}
        submitLabel="Save"
        pendingLabel="Saving…"
      />
    </form>
  );
}
