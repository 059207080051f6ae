import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { dateOf, dayIn } from "./days";

// The day rule of lib/dates/days.ts in SQL, for queries that pick rows by their own program's time
// zone: a day has passed at `now` when it is before the day `now` falls on in that zone, which
// `now AT TIME ZONE zone` gives (PostgreSQL and the embedded PGlite carry the same tz database).

/** The calendar day `now` falls on in the zone SQL `zone` names (a column, e.g. p."timeZone"). */
export function todayIn(zone: Prisma.Sql, now: Date): Prisma.Sql {
  return Prisma.sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${zone})::date`;
}

/**
 * The earliest stored deadline (a day's midnight UTC) that can still be open at `now` in any zone:
 * no zone is more than 12 hours behind UTC, so no day before the UTC day of `now` - 12 hours is
 * still running anywhere. A range of the deadline index that the per-row test below narrows.
 */
export function earliestOpenDeadline(now: Date): Date {
  return dateOf(dayIn(new Date(now.getTime() - 12 * 3_600_000), "UTC"));
}

/** SQL: the deadline of program `p` (an alias) has not passed at `now` in the program's zone. */
export function deadlineOpen(now: Date, p: Prisma.Sql = Prisma.raw("p")): Prisma.Sql {
  return Prisma.sql`(${p}."deadline" >= ${earliestOpenDeadline(now)}
    AND ${p}."deadline"::date >= ${todayIn(Prisma.sql`${p}."timeZone"`, now)})`;
}

/** SQL: the deadline of program `p` has passed at `now` (the negation of deadlineOpen). */
export function deadlineClosed(now: Date, p: Prisma.Sql = Prisma.raw("p")): Prisma.Sql {
  return Prisma.sql`NOT ${deadlineOpen(now, p)}`;
}
