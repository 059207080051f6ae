"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2Icon, UserPlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { FormField } from "@/components/forms/form-field";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { apiFetch, errorMessage } from "@/lib/http/client";
import type { AdminUserDto } from "@/lib/users/admin";
import { adminCreateUserSchema, type AdminCreateUserInput } from "@/lib/validation/users";

const FIELDS = ["fullName", "email", "username", "password", "confirmPassword", "role", "adminType"] as const;

const EMPTY: AdminCreateUserInput = {
  fullName: "",
  email: "",
  username: "",
  password: "",
  confirmPassword: "",
  role: "user",
  adminType: null,
};

type AddUserFormProps = {
  /** Whether the viewer may create admins (super admins only). */
  canCreateAdmins: boolean;
  /** The role preselected (the Team tab's Add Admin creates admins). */
  defaultRole?: "user" | "admin";
  /** The submit button's text. */
  submitLabel: string;
  /** Names the form for assistive technology. */
  label: string;
  /** After the account is created (the list is refreshed already). */
  onCreated: (user: AdminUserDto) => void;
  /** Beside the submit button, e.g. the dialog's Cancel. */
  cancel?: React.ReactNode;
};

/**
 * The new-account form: the register fields of /auth (same schema and messages) plus the role, and
 * the admin type for an admin. POST /api/users; a taken username or e-mail comes back on its field.
 */
export function AddUserForm({
  canCreateAdmins,
  defaultRole = "user",
  submitLabel,
  label,
  onCreated,
  cancel,
}: AddUserFormProps) {
  const router = useRouter();
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminCreateUserInput>({
    resolver: zodResolver(adminCreateUserSchema),
    defaultValues: {
      ...EMPTY,
      role: canCreateAdmins ? defaultRole : "user",
      adminType: canCreateAdmins && defaultRole === "admin" ? "team" : null,
    },
  });
  const role = useWatch({ control, name: "role" });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await apiFetch<AdminUserDto>("/api/users", { method: "POST", body: values });
      toast.success("User added", { description: `${user.fullName} (${user.username}) can now sign in.` });
      router.refresh();
      onCreated(user);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      toast.error("Could not add the user", { description: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={label}>
      <FormField
        id={`${id}-full-name`}
        label="Full name"
        autoComplete="off"
        error={errors.fullName?.message}
        {...register("fullName")}
      />
      <FormField
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register("email")}
      />
      <FormField
        id={`${id}-username`}
        label="Username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint="3 to 32 characters: letters, digits, '.', '_' and '-'."
        error={errors.username?.message}
        {...register("username")}
      />
      <NewPasswordFields idPrefix={id} register={register} errors={errors} />
      {canCreateAdmins && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id={`${id}-role`} className="w-full" onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="user">User (student)</SelectItem>
                    <SelectItem value="admin">Admin</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          {role === "admin" && (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-admin-type`}>Admin type</Label>
              <Controller
                control={control}
                name="adminType"
                render={({ field }) => (
                  <Select value={field.value ?? ""} onValueChange={field.onChange}>
                    <SelectTrigger
                      id={`${id}-admin-type`}
                      className="w-full"
                      aria-invalid={errors.adminType ? true : undefined}
                      aria-describedby={errors.adminType ? `${id}-admin-type-error` : undefined}
                    >
                      <SelectValue placeholder="Choose a type" />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="team">Team admin</SelectItem>
                      <SelectItem value="super">Super admin</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
              {errors.adminType && (
                <p id={`${id}-admin-type-error`} className="text-sm font-medium text-red-700">
                  {errors.adminType.message}
                </p>
              )}
            </div>
          )}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {isSubmitting ? "Adding..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}

type AddUserDialogProps = {
  /** Whether the viewer may create admins (super admins only). */
  canCreateAdmins: boolean;
};

/** /admin/users' Add User button and dialog. */
export function AddUserDialog({ canCreateAdmins }: AddUserDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <UserPlusIcon aria-hidden="true" />
          Add User
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>
            {canCreateAdmins
              ? "Create an account. The person signs in with this username and password."
              : "Create a student account. Only super admins can create admins."}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted while open only, so each opening starts empty. */}
        {open && (
          <AddUserForm
            canCreateAdmins={canCreateAdmins}
            submitLabel="Add User"
            label="Add User"
            onCreated={() => setOpen(false)}
            cancel={
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
