"use client";

import { useId } from "react";
import { useWatch } from "react-hook-form";
import { DialogFormFooter } from "@/components/admin/dialog-form-footer";
import { FormDialog, useDialogForm } from "@/components/admin/form-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import {
  isPermission,
  PERMISSION_DESCRIPTIONS,
  PERMISSION_LABELS,
  PERMISSIONS,
  sortedPermissions,
  type Permission,
} from "@/lib/auth/staff-permissions";
import { apiFetch } from "@/lib/http/client";
import { updateUserSchema, type AdminType, type Role, type UpdateUserInput } from "@/lib/validation/users";

type Access = "user" | "team" | "super";

const ACCESS_LABELS: Record<Access, string> = {
  super: "Super admin: everything, including admins and settings",
  team: "Team admin: students and applications, plus the permissions below",
  user: "User (student): no admin access",
};

const accessOf = (role: Role | undefined, adminType: AdminType | null | undefined): Access =>
  role === "admin" ? (adminType === "super" ? "super" : "team") : "user";

/**
 * The PATCH body for an access level: a user (student) carries no admin type, and only a team
 * admin carries permissions (a super admin holds every one).
 */
const bodyOf = (access: Access, permissions: readonly Permission[]): UpdateUserInput =>
  access === "user"
    ? { role: "user" }
    : access === "super"
      ? { role: "admin", adminType: "super" }
      : { role: "admin", adminType: "team", permissions: sortedPermissions(permissions) };

type User = {
  id: number;
  fullName: string;
  role: Role;
  adminType: AdminType | null;
  /** A team admin's grants (empty for anyone else). */
  permissions: readonly Permission[];
  version: number;
};

const sameSet = (a: readonly Permission[], b: readonly Permission[]) =>
  sortedPermissions(a).join() === sortedPermissions(b).join();

/** The success toast's words for a team admin's permissions. */
function permissionsSentence(fullName: string, permissions: readonly Permission[]): string {
  return permissions.length === 0
    ? `${fullName} has the team admin's default access, with no permissions.`
    : `${fullName} may now: ${sortedPermissions(permissions)
        .map((permission) => PERMISSION_LABELS[permission].toLowerCase())
        .join(", ")}.`;
}

type ManageAccessDialogProps = {
  user: User;
  /** The trigger's text: 'Manage Access' on the Team tab, 'Change role' in the user list. */
  triggerLabel?: string;
  /** Whether this is the viewer's own account (stepping down ends their admin access). */
  isSelf?: boolean;
};

/**
 * Changes a user's access level: super admin, team admin (with the permissions a super admin gives
 * them beyond the team's default), or a plain user (revoking admin access). Super admins only; the
 * server refuses to demote the last active super admin (409), shown here.
 */
export function ManageAccessDialog({
  user,
  triggerLabel = "Manage Access",
  isSelf = false,
}: ManageAccessDialogProps) {
  return (
    <FormDialog
      title="Manage access"
      description={`${user.fullName}. A new access level signs them out and applies at their next sign-in; a change of permissions applies at once.`}
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
  const held = current === "team" ? user.permissions : [];
  const { form, onSubmit, pending, serverError, stale, close } = useDialogForm({
    schema: updateUserSchema,
    // The version shown: a change of the account since the page was rendered refuses this one.
    defaultValues: { ...bodyOf(current, held), version: user.version },
    fields: ["role", "adminType", "permissions"],
    request: (body) => apiFetch(`/api/users/${user.id}`, { method: "PATCH", body }),
    success: (_, { role, adminType, permissions }) =>
      role === "admin" && adminType === current && permissions
        ? { title: "Permissions updated", description: permissionsSentence(user.fullName, permissions) }
        : {
            title: "Access updated",
            description:
              role === "user"
                ? `${user.fullName} no longer has admin access.`
                : `${user.fullName} is now a ${adminType} admin.`,
          },
  });
  const {
    control,
    setValue,
    formState: { errors },
  } = form;
  const [role, adminType, permissions] = useWatch({ control, name: ["role", "adminType", "permissions"] });
  const access = accessOf(role, adminType);
  // The form holds only what the boxes put there: the permissions.
  const chosen = (permissions ?? []).filter(isPermission);
  const error = errors.role?.message ?? errors.adminType?.message;
  const permissionsError = errors.permissions?.message;
  const changed = access !== current || (access === "team" && !sameSet(chosen, held));

  function choose(next: Access) {
    const body = bodyOf(next, next === current ? held : []);
    setValue("role", body.role, { shouldDirty: true });
    setValue("adminType", body.adminType, { shouldDirty: true });
    setValue("permissions", body.permissions, { shouldDirty: true });
  }

  function toggle(permission: Permission, on: boolean) {
    const next = on ? [...chosen, permission] : chosen.filter((p) => p !== permission);
    setValue("permissions", sortedPermissions(next), { shouldDirty: true });
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        if (changed) return void onSubmit(event);
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
      {access === "team" && (
        <fieldset
          className="grid gap-2"
          aria-describedby={permissionsError ? `${id}-permissions-error` : `${id}-permissions-hint`}
        >
          <legend className="text-sm font-medium">Permissions</legend>
          <p id={`${id}-permissions-hint`} className="text-sm text-slate-600">
            Every team admin reads applications and works on them. Give what their work needs beyond that.
          </p>
          {PERMISSIONS.map((permission) => (
            <label key={permission} className="flex items-start gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                name="permissions"
                value={permission}
                checked={chosen.includes(permission)}
                onChange={(event) => toggle(permission, event.target.checked)}
                aria-describedby={`${id}-${permission}-description`}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{PERMISSION_LABELS[permission]}</span>
                <span id={`${id}-${permission}-description`} className="text-slate-600">
                  {PERMISSION_DESCRIPTIONS[permission]}
                </span>
              </span>
            </label>
          ))}
          {permissionsError && (
            <p id={`${id}-permissions-error`} className="text-sm text-red-700">
              {permissionsError}
            </p>
          )}
        </fieldset>
      )}
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
