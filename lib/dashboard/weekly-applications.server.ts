import "server-only";
import { prisma } from "@/lib/db/client.server";
import { DAY_MS, fillWeeks, recentWeeks, type WeekCount } from "./weeks";

// The admin dashboard's Application Trends: applications submitted per week over the last 12
// weeks. Weeks start on Monday, 00:00 UTC (Postgres' date_trunc('week')), the last one being the
// current, unfinished week.

export async function getWeeklyApplications(now = new Date()): Promise<WeekCount[]> {
  const weeks = recentWeeks(now);
  // submittedAt is a timestamp without time zone holding UTC; date_trunc keeps it in UTC.
  const rows = await prisma.$queryRaw<{ week: Date; count: number }[]>`
    SELECT date_trunc('week', "submittedAt") AS week, count(*)::int AS count
    FROM applications
    WHERE "submittedAt" >= ${weeks[0]} AND "submittedAt" < ${new Date(weeks.at(-1)!.getTime() + 7 * DAY_MS)}
    GROUP BY 1`;
  return fillWeeks(weeks, rows);
}
