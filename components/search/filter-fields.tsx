"use client";

import { useId, useState } from "react";
import { SEARCH_FIELDS, TUITION_SLIDER } from "@/lib/constants";
import { formatUsd } from "@/lib/format";
import { cn } from "@/lib/utils";
import { CountryFlag } from "@/components/country-flag";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { LazySelect } from "@/components/ui/lazy-select";
import { Slider } from "@/components/ui/slider";

export interface FilterValues {
  country: string;
  level: string;
  field: string;
  /** Maximum yearly tuition; 0 means no limit. */
  cost: number;
}

export interface CountryOption {
  code: string;
  name: string;
}

interface FilterFieldsProps {
  countries: CountryOption[];
  /** Controlled values; omit to let the panel keep its own (the home page's GET form). */
  values?: FilterValues;
  onChange?: (change: Partial<FilterValues>) => void;
  /** Only the slider's final value is reported (on release), so a drag makes one request. */
  onCostCommit?: (cost: number) => void;
  /** "grid": three columns. "vertical": stacked, with the cost slider. */
  layout: "grid" | "vertical";
  /** Shows the 'Find universities' submit button (SPEC: only when a search action is supplied). */
  searchAction?: boolean;
  /** The study level list of settings (what both searches filter the program's level by). */
  levels: readonly string[];
  /** The field options: the university search's fixed list (lib/constants.ts) by default; /programs: the study list. */
  fields?: readonly string[];
  className?: string;
}

/** A select's options: "all" (named `allLabel`), then each value as its own label. */
export function optionsWithAll(allLabel: string, values: readonly string[]) {
  return [{ value: "all", label: allLabel }, ...values.map((value) => ({ value, label: value }))];
}

/** The shared university filter panel: Country, Study Level, Study Field (+ cost). */
export function FilterFields({
  countries,
  values,
  onChange,
  onCostCommit,
  layout,
  searchAction = false,
  levels,
  fields = SEARCH_FIELDS,
  className,
}: FilterFieldsProps) {
  const id = useId();
  // Without `values` (the home page's GET form) the panel keeps its own state; `name` lets the
  // hidden native selects submit it.
  const [own, setOwn] = useState<FilterValues>({ country: "all", level: "all", field: "all", cost: 0 });
  const current = values ?? own;
  const bind = (key: "country" | "level" | "field") => ({
    id: `${id}-${key}`,
    className: "w-full",
    name: key,
    value: current[key],
    onValueChange: (value: string) =>
      values ? onChange?.({ [key]: value }) : setOwn({ ...own, [key]: value }),
  });
  // Rendered on the server too, so the closed selects show their value before JavaScript runs.
  const country = countries.find((c) => c.code === current.country);

  return (
    <div
      className={cn(
        layout === "grid" ? "grid gap-4 sm:grid-cols-3" : "flex flex-col gap-5",
        searchAction && layout === "grid" && "sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end",
        className,
      )}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-country`}>Country</Label>
        <LazySelect
          {...bind("country")}
          contentClassName="max-h-80"
          display={
            country ? (
              <>
                <CountryFlag code={country.code} />
                {country.name}
              </>
            ) : (
              "All countries"
            )
          }
          options={[
            { value: "all", label: "All countries" },
            ...countries.map(({ code, name }) => ({
              value: code,
              label: (
                <>
                  <CountryFlag code={code} />
                  {name}
                </>
              ),
            })),
          ]}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-level`}>Study Level</Label>
        <LazySelect
          {...bind("level")}
          display={current.level === "all" ? "All levels" : current.level}
          options={optionsWithAll("All levels", levels)}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-field`}>Study Field</Label>
        <LazySelect
          {...bind("field")}
          display={current.field === "all" ? "All fields" : current.field}
          options={optionsWithAll("All fields", fields)}
        />
      </div>

      {layout === "vertical" && values && (
        <CostSlider value={values.cost} onCommit={(cost) => onCostCommit?.(cost)} />
      )}

      {searchAction && (
        <Button type="submit" size="lg" className={cn(layout === "vertical" && "w-full")}>
          Find universities
        </Button>
      )}
    </div>
  );
}

function CostSlider({ value, onCommit }: { value: number; onCommit: (cost: number) => void }) {
  const id = useId();
  // Follows the thumb while dragging; the URL (and the results) change once, on release. A new
  // value from outside (Clear all, Back) replaces it.
  const [cost, setCost] = useState(value);
  const [outside, setOutside] = useState(value);
  if (value !== outside) {
    setOutside(value);
    setCost(value);
  }
  // Said by screen readers for the slider's value too: 0 means no limit, not "$0".
  const meaning = cost === 0 ? "Any cost" : `Up to ${formatUsd(cost)} per year`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium text-slate-900">
          Cost range (USD)
        </span>
        <span className="text-sm text-slate-600">{meaning}</span>
      </div>
      <Slider
        min={TUITION_SLIDER.min}
        max={TUITION_SLIDER.max}
        step={TUITION_SLIDER.step}
        value={[cost]}
        onValueChange={([value]) => setCost(value)}
        onValueCommit={([value]) => onCommit(value)}
        thumbLabel="Maximum tuition per year (USD), 0 for any"
        thumbValueText={meaning}
      />
      <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>$0</span>
        <span>{formatUsd(TUITION_SLIDER.max)}</span>
      </div>
    </div>
  );
}
