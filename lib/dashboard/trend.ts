// The dashboard's 30-day trends as numbers and words; no database, so pages and tests share them.

/**
 * Change of the last 30 days against the 30 before, in percent with one decimal (+25, -12.5).
 * Null when there is nothing to compare with (no activity in the earlier period but some now).
 */
export function trend(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** "+25% from last month", "-12.5% from last month", or a sentence when there is no baseline. */
export function trendText(value: number | null): string {
  if (value === null) return "New this month";
  if (value === 0) return "No change from last month";
  return `${value > 0 ? "+" : ""}${value}% from last month`;
}
