// Display formats shared by pages and components. Fixed locales and time zone, so that the server
// and every browser render the same text.

import { formatMoney } from "@/lib/money/format";
import { dateOf, dayHasPassed, dayIn, daysBetween, deadlineDay } from "@/lib/dates/days";

/**
 * An amount in US dollars with thousands separators: 12000 and "12000.00" give "$12,000",
 * "12000.5" gives "$12,000.50". `cents: true` always shows two decimals ("$12,000.00");
 * `cents: false` rounds to whole dollars. Other currencies: formatMoney (lib/money/format.ts).
 */
export function formatUsd(amount: string | number, options: { cents?: boolean } = {}): string {
  return formatMoney(amount, "USD", options);
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

/** A program's deadline: the day (stored as its midnight UTC) and the time zone it is counted in. */
export interface Deadline {
  deadline: Date | string;
  timeZone: string;
}

/**
 * The program no longer takes applications: its deadline day has passed in the program's time
 * zone (the end of 23:59:59.999 on it there is over; lib/dates/days.ts). Every page that labels a
 * program closed or withholds its Apply button asks this, as submitting does.
 */
export function deadlinePassed(program: Deadline, now: Date): boolean {
  return dayHasPassed(deadlineDay(program.deadline), program.timeZone, now);
}

/**
 * Time left to a deadline: "12 days left", "1 day left", "Closes today", "Closed": calendar days
 * from today to the deadline day, both on the program's clocks, so the same on every page, e-mail
 * and browser. Every "days left" the product shows comes from here.
 */
export function daysLeftLabel(program: Deadline, now: Date): string {
  if (deadlinePassed(program, now)) return "Closed";
  const days = daysBetween(dayIn(now, program.timeZone), deadlineDay(program.deadline));
  if (days <= 0) return "Closes today";
  return days === 1 ? "1 day left" : `${days} days left`;
}

/** The moment a deadline closes as the program's zone says it: "15 March 2027, 23:59 (Europe/Berlin)". */
export function formatDeadline(program: Deadline): string {
  return `${formatDate(dateOf(deadlineDay(program.deadline)))}, 23:59 (${program.timeZone})`;
}
