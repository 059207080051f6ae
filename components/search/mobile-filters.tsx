"use client";

import { SlidersHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LazySheet } from "@/components/ui/lazy-sheet";

/** Small screens: the filter panel (`children`, with its own id prefix) as a side sheet. */
export function MobileFilters({ activeCount, children }: { activeCount: number; children: React.ReactNode }) {
  return (
    <LazySheet
      side="left"
      title="Filters"
      description="Results update as you choose."
      className="overflow-y-auto"
      trigger={(props) => (
        <Button variant="outline" className="lg:hidden" {...props}>
          <SlidersHorizontal aria-hidden="true" />
          Filters{activeCount > 0 ? ` (${activeCount})` : ""}
        </Button>
      )}
    >
      <div className="px-4 pb-6">{children}</div>
    </LazySheet>
  );
}
