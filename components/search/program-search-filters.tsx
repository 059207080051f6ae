"use client";

import { DEGREES, DURATIONS } from "@/lib/constants";
import { formatYears } from "@/lib/format";
import { programSearchParsers } from "@/lib/list-keys";
import { FIT_FILTER_LABELS, FIT_FILTERS } from "@/lib/programs/fit-filters";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LazySelect } from "@/components/ui/lazy-select";
import { FilterFields, optionsWithAll, type FilterValues } from "./filter-fields";
import { useFilterOptions } from "./filter-options";
import { FilterPanel } from "./filter-panel";
import { QueryInput } from "./query-input";
import { useListState } from "./list-state";

// The filters of /programs: the university search's panel (country, level, field, cost) with the
// study lists as options, plus degree, duration, a deadline date and "still open". Every value is
// in the query string; any change returns to page 1.

// Every key but the order (and the page) is a filter: set when away from its default; Clear all
// removes them all and the page, keeping the order.
const FILTERS = (Object.keys(programSearchParsers) as (keyof typeof programSearchParsers)[]).filter(
  (key) => key !== "sort" && key !== "page",
);
const CLEARED = Object.fromEntries([...FILTERS, "page"].map((key) => [key, null]));

const DEGREE_OPTIONS = optionsWithAll("All degrees", DEGREES);
const DURATION_OPTIONS = [
  { value: "0", label: "Any duration" },
  ...DURATIONS.map((years) => ({ value: String(years), label: formatYears(years) })),
];

export function ProgramSearchFilters({ idPrefix }: { idPrefix: string }) {
  const { countries, levels, fields } = useFilterOptions();
  const { params, setParams, isPending } = useListState(programSearchParsers);
  const hasFilters = FILTERS.some((key) => params[key] !== programSearchParsers[key].defaultValue);
  const change = (values: Partial<FilterValues>) =>
    setParams({ ...values, page: null } as Parameters<typeof setParams>[0]);

  return (
    <FilterPanel
      label="Filter programs"
      hasFilters={hasFilters}
      isPending={isPending}
      onClear={() => setParams(CLEARED)}
    >
      <QueryInput
        id={`${idPrefix}-q`}
        label="Program or university name"
        placeholder="Search by name"
        value={params.q}
        onChange={(q, options) => setParams({ q, page: null }, options)}
      />

      <FilterFields
        layout="vertical"
        countries={countries}
        levels={levels}
        fields={fields}
        values={{ country: params.country, level: params.level, field: params.field, cost: params.cost }}
        onChange={change}
        onCostCommit={(cost) => change({ cost })}
      />

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${idPrefix}-degree`}>Degree</Label>
        <LazySelect
          id={`${idPrefix}-degree`}
          className="w-full"
          contentClassName="max-h-80"
          value={params.degree}
          onValueChange={(degree) => setParams({ degree: degree as typeof params.degree, page: null })}
          display={params.degree === "all" ? "All degrees" : params.degree}
          options={DEGREE_OPTIONS}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${idPrefix}-duration`}>Duration</Label>
        <LazySelect
          id={`${idPrefix}-duration`}
          className="w-full"
          value={String(params.duration)}
          onValueChange={(duration) => setParams({ duration: Number(duration), page: null })}
          display={params.duration === 0 ? "Any duration" : formatYears(params.duration)}
          options={DURATION_OPTIONS}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${idPrefix}-from`}>Deadline on or after</Label>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          value={params.from}
          onChange={(event) => setParams({ from: event.target.value || null, page: null })}
        />
      </div>

      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={params.open}
          onChange={(event) => setParams({ open: event.target.checked || null, page: null })}
        />
        Still open only
      </label>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Fit to your profile</legend>
        {FIT_FILTERS.map((filter) => (
          <label key={filter} className="flex items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={params[filter]}
              onChange={(event) => setParams({ [filter]: event.target.checked || null, page: null })}
            />
            {FIT_FILTER_LABELS[filter]}
          </label>
        ))}
      </fieldset>
    </FilterPanel>
  );
}
