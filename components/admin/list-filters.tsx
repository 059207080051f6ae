"use client";

import { useId, useMemo, useTransition } from "react";
import { parseAsString, useQueryStates } from "nuqs";
import { QueryInput } from "@/components/search/query-input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { adminListParsers } from "@/lib/list-keys";

export interface ListFilterSelect {
  /** The query-string key, e.g. "status". */
  name: string;
  label: string;
  /** The first option is the default ("All ..."), which leaves the key out of the URL. */
  options: readonly { value: string; label: string }[];
}

/** A day filter (?{name}=YYYY-MM-DD), empty for any day. */
export interface ListFilterDay {
  name: string;
  label: string;
}

type ListFiltersProps = {
  /** The search landmark's name, e.g. "Filter users". */
  label: string;
  placeholder: string;
  selects?: readonly ListFilterSelect[];
  days?: readonly ListFilterDay[];
};

/**
 * The filters above an admin list: a search box and the list's selects. They live in the query
 * string (?q=&{select.name}=, nuqs) and re-render the server page, which checks the values, filters
 * and pages in the database; a change returns to page 1.
 */
export function ListFilters({ label, placeholder, selects = [], days = [] }: ListFiltersProps) {
  const id = useId();
  const [isPending, startTransition] = useTransition();
  // Each select's key, its first option the default (left out of the URL).
  const parsers = useMemo(
    () => ({
      ...adminListParsers,
      ...Object.fromEntries(
        selects.map((select) => [select.name, parseAsString.withDefault(select.options[0]?.value ?? "")]),
      ),
      ...Object.fromEntries(days.map((day) => [day.name, parseAsString.withDefault("")])),
    }),
    [selects, days],
  );
  const [params, setParams] = useQueryStates(parsers, {
    shallow: false,
    history: "push",
    startTransition,
  });

  return (
    <form
      role="search"
      aria-label={label}
      className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="flex-1 sm:min-w-64">
        <QueryInput
          id={`${id}-q`}
          label="Search"
          placeholder={placeholder}
          value={params.q}
          onChange={(q, options) => setParams({ q, page: null }, options)}
        />
      </div>
      {selects.map((select) => {
        const value = (params as Record<string, unknown>)[select.name];
        const selected = select.options.find((option) => option.value === value) ?? select.options[0];
        return (
          <div key={select.name} className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-${select.name}`}>{select.label}</Label>
            <Select
              value={selected?.value}
              onValueChange={(chosen) => setParams({ [select.name]: chosen, page: null })}
            >
              <SelectTrigger id={`${id}-${select.name}`} className="w-full sm:w-56">
                <SelectValue>{selected?.label}</SelectValue>
              </SelectTrigger>
              <SelectContent>
                {select.options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        );
      })}
      {days.map((day) => (
        <div key={day.name} className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-${day.name}`}>{day.label}</Label>
          <input
            id={`${id}-${day.name}`}
            type="date"
            className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
            value={(params as unknown as Record<string, string>)[day.name] ?? ""}
            onChange={(event) => setParams({ [day.name]: event.target.value || null, page: null })}
          />
        </div>
      ))}
      <p role="status" className="sr-only">
        {isPending ? "Updating results…" : ""}
      </p>
    </form>
  );
}
