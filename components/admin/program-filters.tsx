"use client";

import { useId, useTransition } from "react";
import { useQueryStates } from "nuqs";
import { adminProgramsParsers, ALL_LEVELS } from "@/lib/programs/admin-search-params";
import { Label } from "@/components/ui/label";
import { QueryInput } from "@/components/search/query-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

// The filters of /admin/programs: a search on program or university name and the study level
// (All Levels, then the database's levels). Both live in the query string and re-render the server
// page, which filters and pages in the database; a change returns to page 1.
export function ProgramFilters({ levels }: { levels: string[] }) {
  const id = useId();
  const [isPending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(adminProgramsParsers, {
    shallow: false,
    history: "push",
    startTransition,
  });
  const levelLabel = params.level === ALL_LEVELS ? "All Levels" : params.level;

  return (
    <form
      role="search"
      aria-label="Filter programs"
      className="flex flex-col gap-4 sm:flex-row sm:items-end"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="flex-1">
        <QueryInput
          id={`${id}-q`}
          label="Search"
          placeholder="Program or university name"
          value={params.q}
          onChange={(q, options) => setParams({ q, page: null }, options)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-level`}>Level</Label>
        <Select value={params.level} onValueChange={(level) => setParams({ level, page: null })}>
          <SelectTrigger id={`${id}-level`} className="w-full sm:w-48">
            <SelectValue>{levelLabel}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_LEVELS}>All Levels</SelectItem>
            {levels.map((level) => (
              <SelectItem key={level} value={level}>
                {level}
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
