import "server-only";
import ical, { type ICalEventData } from "ical-generator";
import { prisma } from "@/lib/db/client.server";
import { env } from "@/lib/env.server";
import { notFound } from "@/lib/http/errors";
import { getPlatformName } from "@/lib/settings/queries.server";
import { interviewOf } from "@/lib/applications/interview";
import { offerOf } from "@/lib/applications/offer";
import { calendarTokenParts } from "./tokens.server";
import { universityPath } from "@/lib/universities/seo.server";
import { dayEndsAt, deadlineDay, type Day } from "@/lib/dates/days";
import { formatDeadline } from "@/lib/format";
import { scholarshipPath } from "@/lib/scholarships/paths";
import { LIVE_SCHOLARSHIP } from "@/lib/scholarships/queries.server";

// The private calendar feed (/user/deadlines.ics): one event per deadline of a program the
// student saved or applied to, one per deadline of a scholarship they saved, one per offer waiting for a reply (on its reply-by date) and one per
// interview the student is invited to (at its time), for Google Calendar, Outlook or Apple
// Calendar. Calendar apps are signed out: the signed token in the address is the only key.
//
// A deadline or a reply-by date is a day that ends at 23:59 in the program's time zone, so its
// event is the last minute of that day there (23:59 to midnight), given in UTC: calendar apps show
// it at the student's own local equivalent, and its description names the program's zone. An
// all-day event would be "floating" (the same date in every zone): a student in California would
// see a Berlin deadline of 15 March all day on the 15th, though it closes at 14:59 there.

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
      timeZone: true,
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
      ...lastMinuteOf(deadlineDay(program.deadline), program.timeZone),
      stamp: program.updatedAt,
      summary: `Application deadline: ${program.name} – ${program.university.name}`,
      description: `${program.degree} at ${program.university.name}. Applications close at ${formatDeadline(
        program,
      )}. ${program.applications.length ? "You have applied." : "On your shortlist."}`,
      url: new URL(universityPath(program.university.slug), env.APP_URL).toString(),
    });
  }
  for (const scholarship of await scholarshipDeadlines(user.id)) {
    calendar.createEvent({
      // Stable per scholarship, as a program's.
      id: `scholarship-${scholarship.id}@${host}`,
      ...lastMinuteOf(deadlineDay(scholarship.deadline), scholarship.timeZone),
      stamp: scholarship.updatedAt,
      summary: `Scholarship deadline: ${scholarship.name} – ${scholarship.provider}`,
      description: `${scholarship.name}, from ${scholarship.provider}. Applications close at ${formatDeadline(
        scholarship,
      )}. On your shortlist. Official page: ${scholarship.officialUrl}`,
      url: new URL(scholarshipPath(scholarship), env.APP_URL).toString(),
    });
  }
  for (const item of await applicationDates(user.id)) {
    calendar.createEvent({ ...item, url: new URL("/user/applications", env.APP_URL).toString() });
  }
  // RFC 5545 ends every line, the last one too, with CRLF; the generator leaves the last one open.
  return `${calendar.toString()}\r\n`;
}

/** The live scholarships with a deadline on the student's shortlist, by deadline. */
async function scholarshipDeadlines(userId: number) {
  const rows = await prisma.scholarship.findMany({
    where: { ...LIVE_SCHOLARSHIP, deadline: { not: null }, shortlistedBy: { some: { userId } } },
    select: {
      id: true,
      name: true,
      provider: true,
      deadline: true,
      timeZone: true,
      officialUrl: true,
      updatedAt: true,
    },
    orderBy: [{ deadline: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ ...row, deadline: row.deadline! }));
}

/** The event of a day that ends at 23:59 in `timeZone`: its last minute, in UTC. */
function lastMinuteOf(day: Day, timeZone: string): Pick<ICalEventData, "start" | "end"> {
  const end = dayEndsAt(day, timeZone);
  return { start: new Date(end.getTime() - 60_000), end };
}

/** How long an interview's calendar entry lasts when the invitation says nothing else. */
const INTERVIEW_MINUTES = 60;

/**
 * The dates of the student's open applications: the reply-by date of an offer waiting for an
 * answer, and the interview of an application at the interview stage (its latest invitation).
 * Each event's id is stable per application, so a rescheduled interview moves its event.
 */
async function applicationDates(userId: number): Promise<ICalEventData[]> {
  const applications = await prisma.application.findMany({
    where: { userId, status: { in: ["approved", "interviewing"] } },
    select: {
      id: true,
      status: true,
      program: {
        select: { name: true, degree: true, timeZone: true, university: { select: { name: true } } },
      },
      events: {
        where: { transition: { in: ["make-offer", "invite-to-interview", "reschedule-interview"] } },
        orderBy: { id: "desc" },
        take: 1,
        select: { transition: true, data: true, createdAt: true },
      },
    },
  });
  const host = new URL(env.APP_URL).host;
  return applications.flatMap((application): ICalEventData[] => {
    const [event] = application.events;
    const title = `${application.program.name} – ${application.program.university.name}`;
    if (!event) return [];
    if (application.status === "approved" && event.transition === "make-offer") {
      const offer = offerOf(event.data);
      if (!offer) return [];
      return [
        {
          id: `offer-reply-${application.id}@${host}`,
          ...lastMinuteOf(offer.replyBy, application.program.timeZone),
          stamp: event.createdAt,
          summary: `Reply to your offer: ${title}`,
          description: `The last day to accept or decline the offer for ${application.program.name} (${
            application.program.degree
          }): until ${formatDeadline({ deadline: offer.replyBy, timeZone: application.program.timeZone })}.`,
        },
      ];
    }
    const interview = interviewOf(event.data);
    if (application.status !== "interviewing" || !interview) return [];
    // In UTC: calendar apps show it in the student's own time zone; the description names the
    // university's.
    const start = new Date(interview.startsAt);
    const online = interview.mode === "online";
    return [
      {
        id: `interview-${application.id}@${host}`,
        start,
        end: new Date(start.getTime() + INTERVIEW_MINUTES * 60_000),
        stamp: event.createdAt,
        summary: `Interview: ${title}`,
        location: interview.location,
        description: [
          online ? `Online: ${interview.location}` : `At ${interview.location}`,
          `Time zone of the interview: ${interview.timeZone}`,
          interview.notes,
        ]
          .filter(Boolean)
          .join("\n"),
      },
    ];
  });
}
