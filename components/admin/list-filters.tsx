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

type ListFiltersProps = {
  /** The search landmark's name, e.g. "Filter users". */
  label: string;
  placeholder: string;
  select?: ListFilterSelect;
};

/**
 * The filters above an admin list: a search box and at most one select. Both live in the query
 * string (?q=&{select.name}=, nuqs) and re-render the server page, which checks the values, filters
 * and pages in the database; a change returns to page 1.
 */
export function ListFilters({ label, placeholder, select }: ListFiltersProps) {
  const id = useId();
  const [isPending, startTransition] = useTransition();
  const fallback = select?.options[0]?.value ?? "";
  const parsers = useMemo(
    () => ({
      ...adminListParsers,
      selected: parseAsString.withDefault(fallback),
    }),
    [fallback],
  );
  const [params, setParams] = useQueryStates(parsers, {
    shallow: false,
    history: "push",
    startTransition,
    urlKeys: { selected: select?.name ?? "filter" },
  });
  const selected = select?.options.find((option) => option.value === params.selected) ?? select?.options[0];

  return (
    <form
      role="search"
      aria-label={label}
      className="flex flex-col gap-4 sm:flex-row sm:items-end"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="flex-1">
        <QueryInput
          id={`${id}-q`}
          label="Search"
          placeholder={placeholder}
          value={params.q}
          onChange={(q, options) => setParams({ q, page: null }, options)}
        />
      </div>
      {select && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-select`}>{select.label}</Label>
          <Select
            value={selected?.value}
            onValueChange={(value) => setParams({ selected: value, page: null })}
          >
            <SelectTrigger id={`${id}-select`} className="w-full sm:w-48">
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
      )}
      <p role="status" className="sr-only">
        {isPending ? "Updating results…" : ""}
      </p>
    </form>
  );
}
