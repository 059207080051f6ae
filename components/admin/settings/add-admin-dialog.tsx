"use client";

import { ShieldPlusIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { AddUserForm } from "@/components/admin/add-user-dialog";
import { DialogFormFooter } from "@/components/admin/dialog-form-footer";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { apiFetch, errorMessage } from "@/lib/http/client";
import type { AdminUserDto } from "@/lib/users/admin";
import type { AdminType } from "@/lib/validation/users";

/**
 * The Team tab's Add Admin: promote an existing user (searched by name, e-mail or username through
 * GET /api/users) or create a new admin account.
 */
export function AddAdminDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <ShieldPlusIcon aria-hidden="true" />
          Add Admin
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Admin</DialogTitle>
          <DialogDescription>
            Give an existing user admin access, or create a new admin account.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <Tabs defaultValue="existing">
            <TabsList className="w-full">
              <TabsTrigger value="existing">Existing user</TabsTrigger>
              <TabsTrigger value="new">New account</TabsTrigger>
            </TabsList>
            <TabsContent value="existing" className="pt-2">
              <PromoteUser onDone={() => setOpen(false)} />
            </TabsContent>
            <TabsContent value="new" className="pt-2">
              <AddUserForm
                canCreateAdmins
                defaultRole="admin"
                submitLabel="Create Admin"
                label="Create an admin account"
                onCreated={() => setOpen(false)}
                cancel={<CancelButton />}
              />
            </TabsContent>
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CancelButton() {
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline">
        Cancel
      </Button>
    </DialogClose>
  );
}

function PromoteUser({ onDone }: { onDone: () => void }) {
  const router = useRouter();
  const id = useId();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<AdminUserDto[] | null>(null);
  const [chosen, setChosen] = useState<AdminUserDto | null>(null);
  const [adminType, setAdminType] = useState<AdminType>("team");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

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
          if (!controller.signal.aborted) setError(errorMessage(failure));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  async function promote(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) {
      setError("Choose a user to promote.");
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await apiFetch(`/api/users/${chosen.id}`, { method: "PATCH", body: { role: "admin", adminType } });
      toast.success("Admin added", { description: `${chosen.fullName} is now a ${adminType} admin.` });
      router.refresh();
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
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
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-type`}>Admin type</Label>
        <Select value={adminType} onValueChange={(value) => setAdminType(value as AdminType)}>
          <SelectTrigger id={`${id}-type`} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="team">Team admin</SelectItem>
            <SelectItem value="super">Super admin</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <DialogFormFooter
        error={error}
        pending={saving}
        submitDisabled={!chosen}
        submitLabel={chosen ? `Make ${chosen.fullName} an admin` : "Make admin"}
      />
    </form>
  );
}
