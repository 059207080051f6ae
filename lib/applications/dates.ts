// The dates that drive an application's work: the decide-by date (a number of working days after
// it was submitted) and an offer's reply-by date. Both are calendar days ("2027-03-12"), stored in
// DATE columns, not moments: which moment a day ends depends on a time zone, and keeping that rule
// in code (calendarDay below) lets it change without rewriting stored rows. Pure, so the pages,
// the jobs and the tests share it.

/** A calendar day, "YYYY-MM-DD". Days compare correctly as strings. */
export type Day = string;

const DAY_MS = 86_400_000;

/**
 * The calendar day on which `instant` falls where the application's dates are counted. UTC for
 * now: the one place to change when the dates follow the university's time zone.
 */
export function calendarDay(instant: Date): Day {
  return instant.toISOString().slice(0, 10);
}

/**
 * The earliest day that has not passed at `now`: a date passes at the end of its calendar day
 * (23:59:59 on it), so the whole of the decide-by or reply-by day still counts as in time. The
 * jobs' queries ask for the days before this one.
 */
export function firstDayNotPassed(now: Date): Day {
  return calendarDay(now);
}

/** Whether `day` has passed at `now` (see firstDayNotPassed). */
export function hasPassed(day: Day, now: Date): boolean {
  return day < firstDayNotPassed(now);
}

/** A DATE column's value (midnight UTC, as the driver reads it) as its day, and back. */
export function dayOf(stored: Date): Day {
  return stored.toISOString().slice(0, 10);
}

export function dateOf(day: Day): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** `day` moved by `days` calendar days (negative: earlier). */
export function addDays(day: Day, days: number): Day {
  return dayOf(new Date(dateOf(day).getTime() + days * DAY_MS));
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

/** The decide-by date of an application submitted at `submittedAt`. */
export function decideByDate(submittedAt: Date, workingDays: number): Day {
  return addWorkingDays(calendarDay(submittedAt), workingDays);
}

/** Days before an offer's reply-by date when the student is reminded to reply. */
export const REPLY_REMINDER_DAYS = 3;

/**
 * The reply-by days whose reminder is due at `now`: from REPLY_REMINDER_DAYS days before the
 * reply-by date until that date passes (a run that missed the day still reminds, late).
 */
export function replyReminderWindow(now: Date): { from: Day; to: Day } {
  return { from: firstDayNotPassed(now), to: addDays(calendarDay(now), REPLY_REMINDER_DAYS) };
}

export function replyReminderDue(replyBy: Day, now: Date): boolean {
  const { from, to } = replyReminderWindow(now);
  return replyBy >= from && replyBy <= to;
}
