"use client";

import { X } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * A search page's filter form: its fields, then Clear all and the pending status. Clear all
 * disables itself; focus goes to the form (named by `label`) rather than to the page body, and the
 * results' count says what changed.
 */
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
  const form = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={form}
      role="search"
      aria-label={label}
      tabIndex={-1}
      className="flex flex-col gap-5 rounded-md focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-4 focus-visible:outline-none"
      onSubmit={(e) => e.preventDefault()}
    >
      {children}
      <div className="flex items-center justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={!hasFilters}
          onClick={() => {
            onClear();
            form.current?.focus();
          }}
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
