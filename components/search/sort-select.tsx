"use client";

import { useId } from "react";
import { SORTS, SORT_LABELS, type SearchSort } from "@/lib/universities/search-params";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useSearchState } from "./search-filters";

export function SortSelect() {
  const id = useId();
  const { params, setParams } = useSearchState();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap text-slate-700">
        Sort by
      </Label>
      <Select
        value={params.sort}
        onValueChange={(sort) => setParams({ sort: sort as SearchSort, page: null })}
      >
        <SelectTrigger id={id} className="w-44">
          <SelectValue>{SORT_LABELS[params.sort]}</SelectValue>
        </SelectTrigger>
        <SelectContent align="end">
          {SORTS.map((sort) => (
            <SelectItem key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
