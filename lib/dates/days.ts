// Dates that are calendar days: a program's application deadline, an offer's reply-by date, an
// application's decide-by date. The one rule for all of them: a day belongs to a time zone (the
// program's) and passes at the end of 23:59:59.999 on it there. "Deadline: 15 March" in
// America/Los_Angeles is open until 16 March 07:59:59.999 UTC, in Asia/Kolkata until 15 March
// 18:29:59.999 UTC. Pure and client-safe: pages, e-mails, jobs and tests share it.

import { DEFAULT_TIME_ZONE, offsetMinutes } from "./zones";

/** A calendar day, "YYYY-MM-DD". Days compare correctly as strings. */
export type Day = string;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

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

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((dateOf(to).getTime() - dateOf(from).getTime()) / DAY_MS);
}

/** The calendar day on which the instant falls on the clocks of `timeZone`. */
export function dayIn(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): Day {
  const at = instant.getTime();
  return dayOf(new Date(at + offsetMinutes(at, timeZone) * 60_000));
}

/**
 * The first instant of the day after `day` in `timeZone`: the moment `day` has passed. Usually
 * its midnight; where a clock change skips or repeats midnight, the first instant whose wall-clock
 * day is the next (a skipped midnight: the clocks' jump; a repeated one: the second midnight).
 */
export function dayEndsAt(day: Day, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const wall = dateOf(addDays(day, 1)).getTime();
  // The zone's offsets a day either side of the wall time cover both sides of any clock change
  // near it; of the instants they give for that midnight, the earliest on the next day is it.
  const candidates = [wall - DAY_MS, wall, wall + DAY_MS]
    .map((probe) => wall - offsetMinutes(probe, timeZone) * 60_000)
    .filter((at) => dayIn(new Date(at), timeZone) > day)
    .sort((a, b) => a - b);
  // A zone always gives one (its offset at that moment is among the probes'); the hour's margin
  // is only a guard against a runtime that disagrees with itself.
  return new Date(candidates[0] ?? wall + HOUR_MS);
}

/** Whether `day` has passed at `now` in `timeZone`: 23:59:59.999 on it there is over. */
export function dayHasPassed(day: Day, timeZone: string, now: Date): boolean {
  return now.getTime() >= dayEndsAt(day, timeZone).getTime();
}

/**
 * The day a program's stored deadline stands for. The column keeps the day as its midnight UTC
 * (the form and the import write it so); an older value with a time of day counts as its UTC date.
 */
export function deadlineDay(deadline: Date | string): Day {
  return dayOf(typeof deadline === "string" ? new Date(deadline) : deadline);
}
