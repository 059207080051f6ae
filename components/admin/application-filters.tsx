"use client";

import { useId, useTransition } from "react";
import { debounce, useQueryStates } from "nuqs";
import { Search } from "lucide-react";
import {
  adminApplicationsParsers,
  STATUS_FILTERS,
  type StatusFilter,
} from "@/lib/applications/admin-search-params";
import { STATUS_LABELS } from "@/lib/applications/status";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

const FILTER_LABELS: Record<StatusFilter, string> = { all: "All Status", ...STATUS_LABELS };

// The filters of /admin/applications. Both live in the query string (nuqs) and re-render the server
// page, which filters and pages in the database; a change returns to page 1.
export function ApplicationFilters() {
  const id = useId();
  const [isPending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(adminApplicationsParsers, {
    shallow: false,
    history: "push",
    startTransition,
  });

  return (
    <form
      role="search"
      aria-label="Filter applications"
      className="flex flex-col gap-4 sm:flex-row sm:items-end"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id={`${id}-q`}
            type="search"
            placeholder="Student name or program"
            className="pl-9"
            value={params.q}
            maxLength={200}
            onChange={(event) =>
              setParams(
                { q: event.target.value, page: null },
                // The box follows each key; the results follow after a pause.
                { limitUrlUpdates: event.target.value === "" ? undefined : debounce(350) },
              )
            }
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          value={params.status}
          onValueChange={(status) => setParams({ status: status as StatusFilter, page: null })}
        >
          <SelectTrigger id={`${id}-status`} className="w-full sm:w-48">
            <SelectValue>{FILTER_LABELS[params.status]}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {STATUS_FILTERS.map((status) => (
              <SelectItem key={status} value={status}>
                {FILTER_LABELS[status]}
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
