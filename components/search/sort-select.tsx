"use client";

import { useId } from "react";
import { parseAsString } from "nuqs";
import {
  PROGRAM_SORT_LABELS,
  PROGRAM_SORTS,
  programSearchParsers,
  SORTS,
  SORT_LABELS,
  universitySearchParsers,
} from "@/lib/list-keys";
import { Label } from "@/components/ui/label";
import { LazySelect } from "@/components/ui/lazy-select";
import { useListState } from "./list-state";

const LISTS = {
  universities: { sorts: SORTS, labels: SORT_LABELS, sort: universitySearchParsers.sort },
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
  const { params, setParams } = useListState({ sort, page: universitySearchParsers.page });
  const current = params.sort ?? sorts[0];
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap text-slate-700">
        Sort by
      </Label>
      <LazySelect
        id={id}
        className="w-52"
        align="end"
        value={current}
        onValueChange={(value) => setParams({ sort: value, page: null })}
        display={labels[current]}
        options={sorts.map((value) => ({ value, label: labels[value] }))}
      />
    </div>
  );
}
