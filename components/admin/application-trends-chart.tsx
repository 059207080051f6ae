"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { ChartContainer, ChartTooltipContent, type ChartConfig } from "@/components/ui/chart";
import { TREND_WEEKS, type WeekCount } from "@/lib/dashboard/weeks";

const config: ChartConfig = { applications: { label: "Applications", color: "var(--color-brand-600)" } };

const shortDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const weekLabel = (week: string) => shortDate.format(new Date(week));
const weekOf = (week: string) => `Week of ${weekLabel(week)}`;

/**
 * Applications per week as bars. The chart is drawn for sighted users; the same figures are in a
 * table beside it (visually hidden) for screen readers, so the SVG itself is hidden from them.
 */
export function ApplicationTrendsChart({ weeks }: { weeks: WeekCount[] }) {
  return (
    <>
      <ChartContainer config={config} className="h-64 w-full" aria-hidden="true">
        <BarChart data={weeks} accessibilityLayer={false} margin={{ left: -16, right: 8, top: 8 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="week" tickLine={false} axisLine={false} tickMargin={8} tickFormatter={weekLabel} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} />
          <Tooltip content={<ChartTooltipContent config={config} formatLabel={weekOf} />} />
          <Bar dataKey="applications" fill="var(--color-applications)" radius={4} />
        </BarChart>
      </ChartContainer>
      <table className="sr-only">
        <caption>Applications submitted per week, last {TREND_WEEKS} weeks</caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <th scope="col">Applications</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map(({ week, applications }) => (
            <tr key={week}>
              <th scope="row">{weekOf(week)}</th>
              <td>{applications}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
