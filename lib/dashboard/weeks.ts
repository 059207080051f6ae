// The weeks of the Application Trends chart (Monday, 00:00 UTC): date arithmetic only, safe for
// client components and unit tests.

export const TREND_WEEKS = 12;
export const DAY_MS = 86_400_000;

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
