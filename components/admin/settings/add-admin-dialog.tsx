"use client";

import { ShieldPlusIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { ADMIN_TYPE_OPTIONS, AddUserForm, NEW_TEAM_ADMIN_HINT } from "@/components/admin/add-user-dialog";
import { DialogFormFooter } from "@/components/admin/dialog-form-footer";
import { FormDialog, useDialogForm } from "@/components/admin/form-dialog";
import { SelectField } from "@/components/forms/select-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { apiFetch, errorMessage } from "@/lib/http/client";
import type { AdminUserDto } from "@/lib/users/admin.server";
import { updateUserSchema } from "@/lib/validation/users";

/**
 * The Team tab's Add Admin: promote an existing user (searched by name, e-mail or username through
 * GET /api/users) or create a new admin account.
 */
export function AddAdminDialog() {
  return (
    <FormDialog
      title="Add Admin"
      description="Give an existing user admin access, or create a new admin account."
      trigger={
        <Button type="button">
          <ShieldPlusIcon aria-hidden="true" />
          Add Admin
        </Button>
      }
    >
      <Tabs defaultValue="existing">
        <TabsList className="w-full">
          <TabsTrigger value="existing">Existing user</TabsTrigger>
          <TabsTrigger value="new">New account</TabsTrigger>
        </TabsList>
        <TabsContent value="existing" className="pt-2">
          <PromoteUser />
        </TabsContent>
        <TabsContent value="new" className="pt-2">
          <AddUserForm
            canCreateAdmins
            defaultRole="admin"
            submitLabel="Create Admin"
            label="Create an admin account"
          />
        </TabsContent>
      </Tabs>
    </FormDialog>
  );
}

/** Makes a student an admin: PATCH /api/users/{id} { role: "admin", adminType }. */
function PromoteUser() {
  const id = useId();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<AdminUserDto[] | null>(null);
  const [chosen, setChosen] = useState<AdminUserDto | null>(null);
  const { form, onSubmit, pending, serverError, setServerError } = useDialogForm({
    schema: updateUserSchema,
    defaultValues: { role: "admin", adminType: "team" },
    fields: ["adminType"],
    request: (body) => apiFetch(`/api/users/${chosen!.id}`, { method: "PATCH", body }),
    success: (_, { adminType }) => ({
      title: "Admin added",
      description: `${chosen!.fullName} is now a ${adminType} admin.`,
    }),
  });
  const adminType = useWatch({ control: form.control, name: "adminType" });

  // Students matching what is typed, once typing pauses.
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<AdminUserDto[]>(`/api/users?role=user&limit=8&q=${encodeURIComponent(q)}`, {
        signal: controller.signal,
      })
        .then(setResults)
        .catch((failure) => {
          if (!controller.signal.aborted) setServerError(errorMessage(failure));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, setServerError]);

  function promote(event: React.FormEvent<HTMLFormElement>) {
    if (chosen) return void onSubmit(event);
    event.preventDefault();
    setServerError("Choose a user to promote.");
  }

  const shown = query.trim().length < 2 ? null : results;
  return (
    <form className="grid gap-4" onSubmit={promote} noValidate aria-label="Promote an existing user">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-q`}>Find a user</Label>
        <Input
          id={`${id}-q`}
          type="search"
          placeholder="Full name, email or username"
          value={query}
          autoComplete="off"
          onChange={(event) => {
            setQuery(event.target.value);
            setChosen(null);
          }}
        />
      </div>
      {shown && (
        <div role="group" aria-label="Matching users" className="grid max-h-56 gap-1 overflow-y-auto">
          {shown.length === 0 ? (
            <p className="text-sm text-slate-600">No student matches. Create a new account instead.</p>
          ) : (
            shown.map((user) => (
              <button
                key={user.id}
                type="button"
                aria-pressed={chosen?.id === user.id}
                onClick={() => setChosen(user)}
                className="rounded-md border border-slate-200 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
              >
                <span className="block font-medium text-slate-900">{user.fullName}</span>
                <span className="block text-slate-600">
                  {user.username} · {user.email}
                </span>
              </button>
            ))
          )}
        </div>
      )}
      <SelectField
        control={form.control}
        name="adminType"
        id={`${id}-type`}
        label="Admin type"
        options={ADMIN_TYPE_OPTIONS}
      />
      {adminType === "team" && <p className="text-sm text-slate-600">{NEW_TEAM_ADMIN_HINT}</p>}
      <DialogFormFooter
        error={serverError}
        pending={pending}
        submitDisabled={!chosen}
        submitLabel={chosen ? `Make ${chosen.fullName} an admin` : "Make admin"}
      />
    </form>
  );
}
