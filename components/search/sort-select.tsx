"use client";

import { useId } from "react";
import { parseAsString } from "nuqs";
import { PROGRAM_SORT_LABELS, PROGRAM_SORTS, programSearchParsers } from "@/lib/programs/search-params";
import { searchParamsParsers, SORTS, SORT_LABELS } from "@/lib/universities/search-params";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useListState } from "./search-filters";

const LISTS = {
  universities: { sorts: SORTS, labels: SORT_LABELS, sort: searchParamsParsers.sort },
  programs: { sorts: PROGRAM_SORTS, labels: PROGRAM_SORT_LABELS, sort: programSearchParsers.sort },
};

/** The sort of a search page (its `sort` key; a change returns to page 1). */
export function SortSelect({ list = "universities" }: { list?: keyof typeof LISTS }) {
  const id = useId();
  const { sorts, labels, sort } = LISTS[list] as {
    sorts: readonly string[];
    labels: Record<string, string>;
    sort: typeof parseAsString;
  };
  const { params, setParams } = useListState({ sort, page: searchParamsParsers.page });
  const current = params.sort ?? sorts[0];
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap text-slate-700">
        Sort by
      </Label>
      <Select value={current} onValueChange={(value) => setParams({ sort: value, page: null })}>
        <SelectTrigger id={id} className="w-52">
          <SelectValue>{labels[current]}</SelectValue>
        </SelectTrigger>
        <SelectContent align="end">
          {sorts.map((value) => (
            <SelectItem key={value} value={value}>
              {labels[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
