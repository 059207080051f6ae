"use client";

import { ResponsiveContainer, type TooltipContentProps } from "recharts";
import { cn } from "@/lib/utils";

// shadcn's chart style, cut to what we use: a container that names each series' colour as a CSS
// variable (--color-{key}) and styles Recharts' parts with the theme, and a tooltip card.

export type ChartConfig = Record<string, { label: string; color: string }>;

function ChartContainer({
  config,
  className,
  children,
  ...props
}: React.ComponentProps<"div"> & {
  config: ChartConfig;
  children: React.ComponentProps<typeof ResponsiveContainer>["children"];
}) {
  const colours = Object.fromEntries(
    Object.entries(config).map(([key, { color }]) => [`--color-${key}`, color]),
  );
  return (
    <div
      data-slot="chart"
      className={cn(
        "aspect-video text-xs [&_.recharts-cartesian-axis-tick_text]:fill-slate-600 [&_.recharts-cartesian-grid_line]:stroke-slate-200 [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-slate-100 [&_.recharts-surface]:outline-none",
        className,
      )}
      style={colours as React.CSSProperties}
      {...props}
    >
      <ResponsiveContainer>{children}</ResponsiveContainer>
    </div>
  );
}

function ChartTooltipContent({
  active,
  payload,
  label,
  config,
  formatLabel,
}: Partial<Pick<TooltipContentProps<number, string>, "active" | "payload" | "label">> & {
  config: ChartConfig;
  formatLabel?: (label: string) => string;
}) {
  if (!active || !payload?.length) return null;
  return (
    <div className="grid min-w-32 gap-1.5 rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-xs shadow-xl">
      <p className="font-medium text-slate-900">{formatLabel ? formatLabel(String(label)) : String(label)}</p>
      {payload.map((item) => {
        const key = String(item.dataKey);
        return (
          <div key={key} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-[2px]" style={{ background: `var(--color-${key})` }} />
            <span className="text-slate-600">{config[key]?.label ?? key}</span>
            <span className="ml-auto font-mono font-medium text-slate-900 tabular-nums">
              {Number(item.value).toLocaleString("en-US")}
            </span>
          </div>
        );
      })}
    </div>
  );
}

export { ChartContainer, ChartTooltipContent };
