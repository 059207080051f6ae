"use client";

import { universitySearchParsers } from "@/lib/list-keys";
import { FilterPanel } from "./filter-panel";
import { QueryInput } from "./query-input";
import { FilterFields, type FilterValues } from "./filter-fields";
import { useFilterOptions } from "./filter-options";
import { useListState } from "./list-state";

// The university search's filters, in the URL through ./list-state.ts. Any change returns to page 1.

export const useSearchState = () => useListState(universitySearchParsers);

export function SearchFilters({ idPrefix }: { idPrefix: string }) {
  const { countries, levels } = useFilterOptions();
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
    <FilterPanel
      label="Filter universities"
      hasFilters={hasFilters}
      isPending={isPending}
      onClear={() => setParams({ country: null, level: null, field: null, q: null, cost: null, page: null })}
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
        levels={levels}
        values={{ country: params.country, level: params.level, field: params.field, cost: params.cost }}
        onChange={change}
        onCostCommit={(cost) => change({ cost })}
      />
    </FilterPanel>
  );
}
