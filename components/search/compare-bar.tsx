"use client";

import { Button } from "@/components/ui/button";
import { COMPARE_MAX, COMPARE_MIN, COMPARE_TOO_MANY } from "@/lib/programs/compare-limits";
import { clearCompare, toggleCompare, useCompareSelection } from "./compare-selection";

/**
 * A program card's Compare box: an `ids` checkbox of the form around the results (so that it
 * works without JavaScript), ticked from the selection kept across pages once hydrated.
 */
export function CompareBox({ id, name }: { id: number; name: string }) {
  const { ids } = useCompareSelection();
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        name="ids"
        value={id}
        checked={ids.includes(id)}
        onChange={() => toggleCompare(id)}
        className="size-4 accent-brand-600"
      />
      Compare<span className="sr-only"> {name}</span>
    </label>
  );
}

/**
 * The foot of the results form: how many programs are ticked (on any page), Clear, and the submit
 * button. The ticks of other pages go with the form as hidden `ids`.
 */
export function CompareBar({ pageIds }: { pageIds: number[] }) {
  const { ids, full } = useCompareSelection();
  const elsewhere = ids.filter((id) => !pageIds.includes(id));
  return (
    <div
      className="sticky bottom-4 mt-4 flex flex-wrap items-center justify-end gap-3 rounded-lg border border-slate-200 bg-white/95 px-4 py-2 shadow-md"
      data-testid="compare-bar"
    >
      {elsewhere.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <p role="status" className="mr-auto text-sm text-slate-700">
        {ids.length === 0
          ? `Tick Compare on ${COMPARE_MIN} to ${COMPARE_MAX} programs.`
          : `${ids.length} of ${COMPARE_MAX} programs selected.`}
        {full && ` ${COMPARE_TOO_MANY} Untick one, or press Clear.`}
      </p>
      {/* aria-disabled rather than disabled or hidden: the button keeps the focus it was pressed with. */}
      <Button
        type="button"
        variant="ghost"
        aria-disabled={ids.length === 0}
        className="aria-disabled:opacity-50"
        onClick={clearCompare}
      >
        Clear
      </Button>
      <Button type="submit" variant="secondary">
        Compare selected (2 to {COMPARE_MAX})
      </Button>
    </div>
  );
}
