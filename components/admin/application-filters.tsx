"use client";

import { useId, useTransition } from "react";
import { useQueryStates } from "nuqs";
import {
  adminApplicationsParsers,
  STATUS_FILTERS,
  type StatusFilter,
} from "@/lib/applications/admin-search-params";
import { STATUS_LABELS } from "@/lib/applications/status";
import { Label } from "@/components/ui/label";
import { QueryInput } from "@/components/search/query-input";
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
      <div className="flex-1">
        <QueryInput
          id={`${id}-q`}
          label="Search"
          placeholder="Student name or program"
          value={params.q}
          onChange={(q, options) => setParams({ q, page: null }, options)}
        />
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
