"use client";

import { useId, useTransition } from "react";
import { useQueryStates } from "nuqs";
import { QueryInput } from "@/components/search/query-input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { adminUsersParsers } from "@/lib/users/admin-search-params";
import { ROLE_FILTERS, type RoleFilter } from "@/lib/validation/users";

// SPEC §2 /admin/users: All Roles, Users, Admins.
const ROLE_FILTER_LABELS: Record<RoleFilter, string> = { all: "All Roles", user: "Users", admin: "Admins" };

// The filters of /admin/users. Both live in the query string (nuqs) and re-render the server page,
// which filters and pages in the database; a change returns to page 1.
export function UserFilters() {
  const id = useId();
  const [isPending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(adminUsersParsers, {
    shallow: false,
    history: "push",
    startTransition,
  });

  return (
    <form
      role="search"
      aria-label="Filter users"
      className="flex flex-col gap-4 sm:flex-row sm:items-end"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="flex-1">
        <QueryInput
          id={`${id}-q`}
          label="Search"
          placeholder="Full name, email or username"
          value={params.q}
          onChange={(q, options) => setParams({ q, page: null }, options)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <Select
          value={params.role}
          onValueChange={(role) => setParams({ role: role as RoleFilter, page: null })}
        >
          <SelectTrigger id={`${id}-role`} className="w-full sm:w-44">
            <SelectValue>{ROLE_FILTER_LABELS[params.role]}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {ROLE_FILTERS.map((role) => (
              <SelectItem key={role} value={role}>
                {ROLE_FILTER_LABELS[role]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <p role="status" className="sr-only">
        {isPending ? "Updating results…" : ""}
      </p>
    </form>
  );
}
