// Which deadline reminder is due: pure, so the rule is tested without a database.

import { addDays, dateOf, dayHasPassed, dayIn, daysBetween, deadlineDay } from "@/lib/dates/days";
import type { Deadline } from "@/lib/format";

/** The reminders, in days before a deadline, latest first. */
export const REMINDER_DAYS = [3, 14] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

/**
 * The reminder due at `now` for a program's deadline: 14 from 14 days before it until the 3-day
 * point, then 3 until the deadline day is over; null before the 14-day point and after. Days are
 * calendar days on the program's clocks, as the "days left" the e-mail shows (daysLeftLabel): the
 * 3-day reminder is due from the day that says "3 days left". A job that missed a point still
 * sends that reminder late, but never a 14-day one past the 3-day point.
 */
export function dueReminder(program: Deadline, now: Date): ReminderDays | null {
  const day = deadlineDay(program.deadline);
  if (dayHasPassed(day, program.timeZone, now)) return null;
  const left = daysBetween(dayIn(now, program.timeZone), day);
  return REMINDER_DAYS.find((days) => left <= days) ?? null;
}

/**
 * The latest stored deadline that may have a reminder due at `now`: 14 days after the latest day
 * `now` can be anywhere (no zone is more than 14 hours ahead of UTC).
 */
export const reminderHorizon = (now: Date) =>
  dateOf(addDays(dayIn(new Date(now.getTime() + 14 * 3_600_000), "UTC"), REMINDER_DAYS.at(-1)!));
