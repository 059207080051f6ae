// The dates that drive an application's work: the decide-by date (a number of working days after
// it was submitted) and an offer's reply-by date. Both are calendar days ("2027-03-12"), stored in
// DATE columns, not moments, and counted in the time zone of the application's program: a day
// passes at the end of 23:59:59.999 on it there (lib/dates/days.ts, the rule program deadlines
// follow too). The scheduled jobs' SQL applies the same rule per row (jobs.server.ts). Pure, so
// the pages, the jobs and the tests share it.

import { addDays, dateOf, dayIn, type Day } from "@/lib/dates/days";

export { addDays, dateOf, dayOf, type Day } from "@/lib/dates/days";

/** The calendar day on which `instant` falls in the program's time zone. */
export function calendarDay(instant: Date, timeZone: string): Day {
  return dayIn(instant, timeZone);
}

/**
 * The earliest day that has not passed at `now` in `timeZone`: a date passes at the end of its
 * calendar day (23:59:59.999 on it), so the whole of the decide-by or reply-by day still counts as
 * in time. The jobs' queries ask, per program zone, for the days before this one.
 */
export function firstDayNotPassed(now: Date, timeZone: string): Day {
  return calendarDay(now, timeZone);
}

/** Whether `day` has passed at `now` in `timeZone` (see firstDayNotPassed). */
export function hasPassed(day: Day, now: Date, timeZone: string): boolean {
  return day < firstDayNotPassed(now, timeZone);
}

/** Monday to Friday. Public holidays are not known, so they count as working days. */
export function isWorkingDay(day: Day): boolean {
  const weekday = dateOf(day).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The `workingDays`-th working day after `day` (the day itself does not count): Friday plus one
 * working day is Monday, and so is Saturday or Sunday plus one.
 */
export function addWorkingDays(day: Day, workingDays: number): Day {
  // Whole weeks first (five working days each), then the rest one day at a time.
  const weeks = Math.max(0, Math.floor((workingDays - 1) / 5));
  let current = addDays(day, weeks * 7);
  let left = workingDays - weeks * 5;
  while (left > 0) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left--;
  }
  return current;
}

/**
 * The decide-by date of an application submitted at `submittedAt`, counted from the day it was
 * submitted on in its program's time zone.
 */
export function decideByDate(submittedAt: Date, workingDays: number, timeZone: string): Day {
  return addWorkingDays(calendarDay(submittedAt, timeZone), workingDays);
}

/** Days before an offer's reply-by date when the student is reminded to reply. */
export const REPLY_REMINDER_DAYS = 3;

/**
 * The reply-by days whose reminder is due at `now`: from REPLY_REMINDER_DAYS days before the
 * reply-by date until that date passes (a run that missed the day still reminds, late).
 */
export function replyReminderWindow(now: Date, timeZone: string): { from: Day; to: Day } {
  const today = firstDayNotPassed(now, timeZone);
  return { from: today, to: addDays(today, REPLY_REMINDER_DAYS) };
}

export function replyReminderDue(replyBy: Day, now: Date, timeZone: string): boolean {
  const { from, to } = replyReminderWindow(now, timeZone);
  return replyBy >= from && replyBy <= to;
}
