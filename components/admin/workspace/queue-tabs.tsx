import Link from "next/link";
import { QUEUE_TAB_LABELS, QUEUE_TAB_MEANINGS, QUEUE_TABS, type QueueTab } from "@/lib/applications/queue";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";

const TABS = ["all", ...QUEUE_TABS] as const;

/**
 * The workspace's tabs: links to the list in each tab with the other filters kept, each with its
 * count under those filters; the current one marked for screen readers (aria-current).
 */
export function QueueTabs({
  current,
  counts,
  hrefFor,
}: {
  current: QueueTab | "all";
  counts: Record<QueueTab | "all", number>;
  hrefFor: (tab: QueueTab | "all") => string;
}) {
  return (
    <nav aria-label="Queue" className="-mb-2 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {TABS.map((tab) => {
          const selected = tab === current;
          return (
            <li key={tab}>
              <Link
                href={hrefFor(tab)}
                aria-current={selected ? "page" : undefined}
                title={QUEUE_TAB_MEANINGS[tab]}
                className={cn(
                  "-mb-px inline-flex items-center gap-2 rounded-t-md border-b-2 px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none",
                  selected
                    ? "border-brand-700 text-brand-900"
                    : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900",
                )}
              >
                {QUEUE_TAB_LABELS[tab]}
                <span
                  className={cn(
                    "rounded-full px-2 py-0.5 text-xs tabular-nums",
                    selected ? "bg-brand-100 text-brand-900" : "bg-slate-100 text-slate-700",
                  )}
                >
                  {formatCount(counts[tab])}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
