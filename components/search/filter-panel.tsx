"use client";

import { X } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A search page's filter form: its fields, then Clear all and the pending status. */
export function FilterPanel({
  label,
  hasFilters,
  isPending,
  onClear,
  children,
}: {
  label: string;
  hasFilters: boolean;
  isPending: boolean;
  onClear: () => void;
  children: React.ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      className="flex flex-col gap-5"
      onSubmit={(e) => e.preventDefault()}
    >
      {children}
      <div className="flex items-center justify-between gap-3">
        <Button type="button" variant="outline" disabled={!hasFilters} onClick={onClear}>
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
