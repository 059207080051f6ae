import "server-only";
import ical from "ical-generator";
import { prisma } from "@/lib/db/client.server";
import { env } from "@/lib/env.server";
import { notFound } from "@/lib/http/errors";
import { getPlatformName } from "@/lib/settings/queries.server";
import { calendarTokenParts } from "./tokens.server";
import { universityPath } from "@/lib/universities/seo.server";

// The private calendar feed (/user/deadlines.ics): one all-day event per deadline of a
// program the student saved or applied to, for Google Calendar, Outlook or Apple Calendar. Calendar
// apps are signed out: the signed token in the address is the only key.

export const CALENDAR_NOT_FOUND =
  "This calendar address is not valid (it may have been reset). Copy the current one from your profile.";

/** The feed of the token's student; a 404 for an unknown, malformed or reset token. */
export async function deadlinesCalendar(token: string): Promise<string> {
  const parts = calendarTokenParts(token);
  const user = parts
    ? await prisma.user.findFirst({
        where: { id: parts.userId, calendarVersion: parts.version, isActive: true },
        select: { id: true },
      })
    : null;
  if (!user) throw notFound(CALENDAR_NOT_FOUND);
  const programs = await prisma.program.findMany({
    where: {
      archivedAt: null,
      OR: [{ shortlistedBy: { some: { userId: user.id } } }, { applications: { some: { userId: user.id } } }],
    },
    select: {
      id: true,
      name: true,
      degree: true,
      deadline: true,
      updatedAt: true,
      university: { select: { name: true, slug: true } },
      applications: { where: { userId: user.id }, select: { id: true } },
    },
    orderBy: { deadline: "asc" },
  });
  const platformName = await getPlatformName();
  const host = new URL(env.APP_URL).host;
  const calendar = ical({
    name: `${platformName} deadlines`,
    prodId: { company: platformName, product: "deadlines" },
  });
  for (const program of programs) {
    calendar.createEvent({
      // Stable per program: a moved deadline updates the event instead of adding one.
      id: `program-${program.id}@${host}`,
      start: program.deadline,
      allDay: true,
      stamp: program.updatedAt,
      summary: `Application deadline: ${program.name} – ${program.university.name}`,
      description: `${program.degree} at ${program.university.name}. ${
        program.applications.length ? "You have applied." : "On your shortlist."
      }`,
      url: new URL(universityPath(program.university.slug), env.APP_URL).toString(),
    });
  }
  // RFC 5545 ends every line, the last one too, with CRLF; the generator leaves the last one open.
  return `${calendar.toString()}\r\n`;
}
