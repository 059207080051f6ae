"use client";

import { UserPlusIcon } from "lucide-react";
import { useId } from "react";
import { useWatch } from "react-hook-form";
import { DialogFormFooter } from "@/components/admin/dialog-form-footer";
import { FormDialog, useDialogForm } from "@/components/admin/form-dialog";
import { FormField, fieldsOf } from "@/components/forms/form-field";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { SelectField } from "@/components/forms/select-field";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/http/client";
import type { AdminUserDto } from "@/lib/users/admin.server";
import { USERNAME_HINT } from "@/lib/validation/auth";
import { adminCreateUserSchema } from "@/lib/validation/users";

const ROLE_OPTIONS = { user: "User (student)", admin: "Admin" };

/** The admin types, for Add User and Add Admin's promotion. */
export const ADMIN_TYPE_OPTIONS = { team: "Team admin", super: "Super admin" };

/** Said where an admin is made: a team admin's permissions are given afterwards, one by one. */
export const NEW_TEAM_ADMIN_HINT =
  "A new team admin starts without permissions (making decisions, managing the catalogue, exporting data): give them with Manage Access.";

const FIELDS = ["fullName", "email", "username", "password", "confirmPassword", "role", "adminType"] as const;

type AddUserFormProps = {
  /** Whether the viewer may create admins (super admins only). */
  canCreateAdmins: boolean;
  /** The role preselected (the Team tab's Add Admin creates admins). */
  defaultRole?: "user" | "admin";
  /** The submit button's text. */
  submitLabel: string;
  /** Names the form for assistive technology. */
  label: string;
};

/**
 * The new-account form, in a FormDialog: the register fields of /auth (same schema and messages)
 * plus the role, and the admin type for an admin. POST /api/users; a taken username or e-mail
 * comes back on its field.
 */
export function AddUserForm({ canCreateAdmins, defaultRole = "user", submitLabel, label }: AddUserFormProps) {
  const id = useId();
  const { form, onSubmit, pending } = useDialogForm({
    schema: adminCreateUserSchema,
    defaultValues: {
      fullName: "",
      email: "",
      username: "",
      password: "",
      confirmPassword: "",
      role: canCreateAdmins ? defaultRole : "user",
      adminType: canCreateAdmins && defaultRole === "admin" ? "team" : null,
    },
    fields: FIELDS,
    request: (values) => apiFetch<AdminUserDto>("/api/users", { method: "POST", body: values }),
    success: (user) => ({
      title: "User added",
      description: `${user.fullName} (${user.username}) can now sign in.`,
    }),
    failureTitle: "Could not add the user",
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const field = fieldsOf(register, errors);
  const [role, adminType] = useWatch({ control, name: ["role", "adminType"] });

  return (
    // method="post": never a GET with the password in the URL, whatever submits it.
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={label}>
      <FormField id={`${id}-full-name`} label="Full name" autoComplete="off" {...field("fullName")} />
      <FormField id={`${id}-email`} label="Email" type="email" autoComplete="off" {...field("email")} />
      <FormField
        id={`${id}-username`}
        label="Username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={USERNAME_HINT}
        {...field("username")}
      />
      <NewPasswordFields idPrefix={id} register={register} errors={errors} />
      {canCreateAdmins && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField control={control} name="role" id={`${id}-role`} label="Role" options={ROLE_OPTIONS} />
          {role === "admin" && (
            <SelectField
              control={control}
              name="adminType"
              id={`${id}-admin-type`}
              label="Admin type"
              options={ADMIN_TYPE_OPTIONS}
              placeholder="Choose a type"
            />
          )}
        </div>
      )}
      {canCreateAdmins && role === "admin" && adminType === "team" && (
        <p className="text-sm text-slate-600">{NEW_TEAM_ADMIN_HINT}</p>
      )}
      <DialogFormFooter error={null} pending={pending} submitLabel={submitLabel} pendingLabel="Adding..." />
    </form>
  );
}

type AddUserDialogProps = {
  /** Whether the viewer may create admins (super admins only). */
  canCreateAdmins: boolean;
};

/** /admin/users' Add User button and dialog. */
export function AddUserDialog({ canCreateAdmins }: AddUserDialogProps) {
  return (
    <FormDialog
      title="Add User"
      description={
        canCreateAdmins
          ? "Create an account. The person signs in with this username and password."
          : "Create a student account. Only super admins can create admins."
      }
      trigger={
        <Button type="button">
          <UserPlusIcon aria-hidden="true" />
          Add User
        </Button>
      }
    >
      <AddUserForm canCreateAdmins={canCreateAdmins} submitLabel="Add User" label="Add User" />
    </FormDialog>
  );
}
