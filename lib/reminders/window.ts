// Which deadline reminder is due: pure, so the rule is tested without a database.

/** The reminders, in days before a deadline, latest first. */
export const REMINDER_DAYS = [3, 14] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

const DAY_MS = 86_400_000;

/**
 * The reminder due at `now` for `deadline`: 14 from 14 days before it until the 3-day point, then
 * 3 until the deadline itself; null before the 14-day point and after the deadline. A job that
 * missed a point still sends that reminder late, but never a 14-day one past the 3-day point.
 */
export function dueReminder(deadline: Date, now: Date): ReminderDays | null {
  const left = deadline.getTime() - now.getTime();
  if (left < 0) return null;
  return REMINDER_DAYS.find((days) => left <= days * DAY_MS) ?? null;
}

/** The latest deadline that may have a reminder due at `now`: 14 days ahead. */
export const reminderHorizon = (now: Date) => new Date(now.getTime() + REMINDER_DAYS.at(-1)! * DAY_MS);
