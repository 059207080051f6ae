// Display formats shared by pages and components. Fixed locales and time zone, so that the server
// and every browser render the same text.

const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const withCents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount in US dollars with thousands separators: 12000 and "12000.00" give "$12,000",
 * "12000.5" gives "$12,000.50". `cents: true` always shows two decimals ("$12,000.00");
 * `cents: false` rounds to whole dollars. Tuition arrives as a decimal string ("12000.00").
 */
export function formatUsd(amount: string | number, options: { cents?: boolean } = {}): string {
  const value = typeof amount === "number" ? amount : Number(amount.replaceAll(",", "").trim());
  if (typeof amount === "string" && amount.trim() === "") throw new RangeError("Empty amount");
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${String(amount)}`);
  const showCents = options.cents ?? Math.round(value * 100) % 100 !== 0;
  return (showCents ? withCents : wholeDollars).format(value);
}

const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A calendar date in words, in UTC: "15 March 2027". Accepts a Date or an ISO string. */
export function formatDate(date: Date | string): string {
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) throw new RangeError(`Not a date: ${String(date)}`);
  return longDate.format(value);
}

/** A program's length: "1 year", "4 years". */
export function formatYears(years: number): string {
  return years === 1 ? "1 year" : `${years} years`;
}

const count = new Intl.NumberFormat("en-US");

/** A whole number with thousands separators: "10,251". */
export function formatCount(value: number): string {
  return count.format(value);
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** A moment, in UTC: "15 Mar 2027, 14:05 UTC". Accepts a Date or an ISO string. */
export function formatDateTime(date: Date | string): string {
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) throw new RangeError(`Not a date: ${String(date)}`);
  return `${dateTime.format(value)} UTC`;
}

const DAY_MS = 86_400_000;

/**
 * The program no longer takes applications: its deadline is before `now` (the deadline's own
 * moment still counts as open, as the program search's `deadline >= now`). Every page that labels
 * a program closed or withholds its Apply button asks this.
 */
export function deadlinePassed(deadline: Date | string, now: Date): boolean {
  const value = typeof deadline === "string" ? new Date(deadline) : deadline;
  return value.getTime() < now.getTime();
}

/**
 * Time left to a deadline: "12 days left", "1 day left", "Closes today", "Closed": whole days
 * before the closing moment, the same on every page, e-mail and time zone (the moment is UTC, so
 * the browser's zone changes nothing). Every "days left" the product shows comes from here.
 */
export function daysLeftLabel(deadline: Date | string, now: Date): string {
  const value = typeof deadline === "string" ? new Date(deadline) : deadline;
  const ms = value.getTime() - now.getTime();
  if (deadlinePassed(value, now)) return "Closed";
  const days = Math.floor(ms / DAY_MS);
  if (days === 0) return "Closes today";
  return days === 1 ? "1 day left" : `${days} days left`;
}
