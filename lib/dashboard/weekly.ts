import { prisma } from "@/lib/db/client";

// The admin dashboard's Application Trends: applications submitted per week over the last 12
// weeks. Weeks start on Monday, 00:00 UTC (Postgres' date_trunc('week')), the last one being the
// current, unfinished week.

export const TREND_WEEKS = 12;
const DAY_MS = 86_400_000;

export interface WeekCount {
  /** Monday of the week, "YYYY-MM-DD" (UTC). */
  week: string;
  applications: number;
}

/** Monday 00:00 UTC of the week holding `date`. */
export function weekStart(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** The Mondays of the last `weeks` weeks, oldest first, ending with the current week's. */
export function recentWeeks(now: Date, weeks = TREND_WEEKS): Date[] {
  const current = weekStart(now).getTime();
  return Array.from({ length: weeks }, (_, i) => new Date(current - (weeks - 1 - i) * 7 * DAY_MS));
}

/** One entry per week, zero where the database had no row for it. */
export function fillWeeks(weeks: Date[], rows: { week: Date; count: number }[]): WeekCount[] {
  const byWeek = new Map(rows.map((row) => [row.week.getTime(), row.count]));
  return weeks.map((week) => ({
    week: week.toISOString().slice(0, 10),
    applications: byWeek.get(week.getTime()) ?? 0,
  }));
}

export async function getWeeklyApplications(now = new Date()): Promise<WeekCount[]> {
  const weeks = recentWeeks(now);
  // submittedAt is a timestamp without time zone holding UTC; date_trunc keeps it in UTC.
  const rows = await prisma.$queryRaw<{ week: Date; count: number }[]>`
    SELECT date_trunc('week', "submittedAt") AS week, count(*)::int AS count
    FROM applications
    WHERE "submittedAt" >= ${weeks[0]} AND "submittedAt" < ${new Date(weeks.at(-1)!.getTime() + 7 * DAY_MS)}
    GROUP BY 1`;
  return fillWeeks(weeks, rows);
}
