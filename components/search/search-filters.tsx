"use client";

import { useTransition } from "react";
import { useQueryStates, type UseQueryStatesKeysMap } from "nuqs";
import { X } from "lucide-react";
import { searchParamsParsers } from "@/lib/universities/search-params";
import { Button } from "@/components/ui/button";
import { QueryInput } from "./query-input";
import { FilterFields, type CountryOption, type FilterValues } from "./filter-fields";

// The search page's filters. Every value lives in the query string (nuqs): a change pushes a
// history entry and re-renders the server page, so each result page is a shareable URL and
// Back/Forward step through the searches. Any change returns to page 1.

/** A search page's filters in the URL: a change re-renders the server page (see above). */
export function useListState<P extends UseQueryStatesKeysMap>(parsers: P) {
  const [isPending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(parsers, {
    shallow: false,
    history: "push",
    startTransition,
  });
  return { params, setParams, isPending };
}

export const useSearchState = () => useListState(searchParamsParsers);

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
      <QueryInput
        id={`${idPrefix}-q`}
        label="University name"
        placeholder="Search by name"
        value={params.q}
        onChange={(q, options) => setParams({ q, page: null }, options)}
      />

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
