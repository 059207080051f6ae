"use client";

import { useTransition } from "react";
import { debounce, useQueryStates } from "nuqs";
import { Search, X } from "lucide-react";
import { searchParamsParsers } from "@/lib/universities/search-params";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FilterFields, type CountryOption, type FilterValues } from "./filter-fields";

// The search page's filters. Every value lives in the query string (nuqs): a change pushes a
// history entry and re-renders the server page, so each result page is a shareable URL and
// Back/Forward step through the searches. Any change returns to page 1.

export function useSearchState() {
  const [isPending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(searchParamsParsers, {
    shallow: false,
    history: "push",
    startTransition,
  });
  return { params, setParams, isPending };
}

export function SearchFilters({ countries, idPrefix }: { countries: CountryOption[]; idPrefix: string }) {
  const { params, setParams, isPending } = useSearchState();
  const hasFilters =
    params.country !== "all" ||
    params.level !== "all" ||
    params.field !== "all" ||
    params.q !== "" ||
    params.cost !== 0;

  const change = (values: Partial<FilterValues>) =>
    setParams({ ...values, page: null } as Parameters<typeof setParams>[0]);

  return (
    <form
      role="search"
      aria-label="Filter universities"
      className="flex flex-col gap-5"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${idPrefix}-q`}>University name</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id={`${idPrefix}-q`}
            type="search"
            placeholder="Search by name"
            className="pl-9"
            value={params.q}
            maxLength={200}
            onChange={(event) =>
              setParams(
                { q: event.target.value, page: null },
                // Typing updates the box at once and the results after a pause.
                { limitUrlUpdates: event.target.value === "" ? undefined : debounce(350) },
              )
            }
          />
        </div>
      </div>

      <FilterFields
        layout="vertical"
        countries={countries}
        values={{ country: params.country, level: params.level, field: params.field, cost: params.cost }}
        onChange={change}
        onCostCommit={(cost) => change({ cost })}
      />

      <div className="flex items-center justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={!hasFilters}
          onClick={() =>
            setParams({ country: null, level: null, field: null, q: null, cost: null, page: null })
          }
        >
          <X aria-hidden="true" />
          Clear all
        </Button>
        <p role="status" className="text-sm text-slate-600">
          {isPending ? "Updating results…" : ""}
        </p>
      </div>
    </form>
  );
}
