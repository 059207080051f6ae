import "server-only";
import { prisma } from "@/lib/db/client.server";
import { formatDate } from "@/lib/format";
import { HttpError } from "@/lib/http/errors";
import { logger } from "@/lib/log.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { todayIn } from "@/lib/dates/sql.server";
import { dateOf, dayOf, REPLY_REMINDER_DAYS, type Day } from "./dates";
import { MAIL_SUBJECT_SELECT, queueMail, readyToQueueMail } from "./mail.server";
import { offerReplyReminder } from "@/lib/mail/templates/offer-reply-reminder.server";
import { moveApplication } from "./transition.server";
import { UNDECIDED_STATUSES } from "./workflow";

// The work the application's dates drive, run by `npm run jobs:applications`
// (scripts/jobs-applications.ts) every hour or so:
//
// - an offer whose reply-by date has passed is declined by default: the student is told by the
//   transition's e-mail, and the staff who handle the application in the same transaction, each
//   as they chose (an e-mail queued, or an event waiting for their digest: lib/notifications);
// - 3 days before an offer's reply-by date the student is reminded to reply, once per offer;
// - an application still undecided after its decide-by date becomes inactive, and the student and
//   its staff are told likewise; the team can still decide it. Once only: an application the team took up again is not
//   marked again.
//
// Never twice, never lost. Each application is one transaction that makes its change and queues
// its e-mails, both or neither. The moves are conditional on the status read (moveApplication),
// so of two runs at once the second finds the application moved and gets a 409: counted as done
// elsewhere, not as a failure. A reminder is recorded in offer_reminder_sends (key:
// application, reply-by date; ON CONFLICT DO NOTHING) with its e-mail: an overlapping run waits
// on the other's uncommitted row, then finds it taken. A run that fails or is skipped leaves
// what is due to the next, which finds it by its dates.
//
// Every date is a calendar day of the application's program's time zone, and passes at the end of
// 23:59:59.999 on it there (lib/applications/dates.ts): the queries compare each row's day with
// the day `now` falls on in its own program's zone (TODAY below), so one run serves every zone.

/** SQL: the day `now` falls on in the zone of the program `p` joined to the application. */
const TODAY = (now: Date) => todayIn(Prisma.sql`p."timeZone"`, now);

export interface ApplicationJobsResult {
  /** Applications marked inactive. */
  inactive: number;
  /** Offers declined by default. */
  declined: number;
  /** Reply reminders queued. */
  reminded: number;
  /**
   * Due when the run read its list, but done meanwhile by another run, or moved or deleted by a
   * person (moveApplication's 409 or 404, a reminder already recorded): nothing left to do.
   */
  doneElsewhere: number;
  /** Failed (logged); the next run tries them again. */
  failed: number;
}

type Outcome = "done" | "doneElsewhere";

/** Runs each application's work: a 409 or 404 is done elsewhere, any other error a log line. */
async function each(
  ids: number[],
  work: (id: number) => Promise<Outcome>,
  counted: keyof ApplicationJobsResult,
  result: ApplicationJobsResult,
) {
  for (const id of ids) {
    try {
      const outcome = await work(id);
      result[outcome === "done" ? counted : "doneElsewhere"]++;
    } catch (error) {
      if (error instanceof HttpError && (error.status === 409 || error.status === 404)) {
        result.doneElsewhere++;
        continue;
      }
      result.failed++;
      logger().error({ err: error, applicationId: id, job: counted }, "application job failed");
    }
  }
}

/** Offers whose reply-by date passed at `now` in their program's zone, oldest application first. */
function overdueOffers(now: Date) {
  return prisma.$queryRaw<{ id: number; replyBy: Date }[]>`
    SELECT a."id", a."replyBy" FROM "applications" a JOIN "programs" p ON p."id" = a."programId"
     WHERE a."status" = 'approved' AND a."replyBy" < ${TODAY(now)}
     ORDER BY a."id"`;
}

async function declineOverdueOffers(now: Date, result: ApplicationJobsResult) {
  await each(
    (await overdueOffers(now)).map((offer) => offer.id),
    async (id) => {
      await moveApplication("system", id, { status: "offer-declined" }, now);
      return "done";
    },
    "declined",
    result,
  );
}

/**
 * SQL: the reply reminder of application `a` (program `p`) is due at `now`: from
 * REPLY_REMINDER_DAYS days before its reply-by date until that date passes, in the program's zone
 * (replyReminderWindow; a run that missed the day still reminds, late).
 */
const REMINDER_DUE = (now: Date) =>
  Prisma.sql`a."replyBy" BETWEEN ${TODAY(now)} AND ${TODAY(now)} + ${REPLY_REMINDER_DAYS}::int`;

/** Open offers whose reminder is due at `now` and not recorded yet. */
async function dueReplyReminders(now: Date): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ id: number }[]>`
    SELECT a."id" FROM "applications" a JOIN "programs" p ON p."id" = a."programId"
     WHERE a."status" = 'approved' AND ${REMINDER_DUE(now)}
       AND NOT EXISTS (SELECT 1 FROM "offer_reminder_sends" s
                        WHERE s."applicationId" = a."id" AND s."replyBy" = a."replyBy")
     ORDER BY a."id"`;
  return rows.map((row) => row.id);
}

/** The reply reminder's text (queueMail names the application in the subject and links the page). */
/** The reply reminder of an offer due on `replyBy`. */
export function replyReminderMail(university: string, replyBy: Day) {
  return offerReplyReminder(university, formatDate(dateOf(replyBy)));
}

async function remindReplies(now: Date, result: ApplicationJobsResult) {
  const ids = await dueReplyReminders(now);
  if (ids.length === 0) return;
  await readyToQueueMail();
  await each(
    ids,
    (id) =>
      prisma.$transaction(async (tx): Promise<Outcome> => {
        // Read again in the transaction: a reply that came since sends nothing. FOR SHARE: a
        // reply arriving now waits until the reminder is queued.
        const [offer] = await tx.$queryRaw<{ replyBy: Date }[]>`
          SELECT a."replyBy" FROM "applications" a JOIN "programs" p ON p."id" = a."programId"
           WHERE a."id" = ${id} AND a."status" = 'approved' AND ${REMINDER_DUE(now)}
             FOR SHARE OF a`;
        if (!offer) return "doneElsewhere";
        const recorded = await tx.$queryRaw<unknown[]>`
          INSERT INTO "offer_reminder_sends" ("applicationId", "replyBy") VALUES (${id}, ${offer.replyBy})
          ON CONFLICT DO NOTHING RETURNING 1`;
        if (recorded.length === 0) return "doneElsewhere";
        const about = await tx.application.findUniqueOrThrow({ where: { id }, select: MAIL_SUBJECT_SELECT });
        await queueMail(tx, about, replyReminderMail(about.program.university.name, dayOf(offer.replyBy)));
        return "done";
      }),
    "reminded",
    result,
  );
}

/**
 * Undecided applications whose decide-by date passed at `now` in their program's zone, never
 * marked inactive before.
 */
function overdueUndecided(now: Date) {
  // The database stores the statuses by their API names ("in-review"), which the enum maps.
  const undecided = Prisma.join([...UNDECIDED_STATUSES]);
  return prisma.$queryRaw<{ id: number }[]>`
    SELECT a."id" FROM "applications" a JOIN "programs" p ON p."id" = a."programId"
     WHERE a."status"::text IN (${undecided}) AND a."decideBy" < ${TODAY(now)}
       AND NOT EXISTS (SELECT 1 FROM "application_events" e
                        WHERE e."applicationId" = a."id" AND e."transition" = 'mark-inactive')
     ORDER BY a."id"`;
}

async function markOverdueInactive(now: Date, result: ApplicationJobsResult) {
  const ids = (await overdueUndecided(now)).map((row) => row.id);
  await each(
    ids,
    async (id) => {
      await moveApplication("system", id, { status: "inactive" }, now);
      return "done";
    },
    "inactive",
    result,
  );
}

/** Runs the application jobs due at `now` (see the top of this file). */
export async function runApplicationJobs(now = new Date()): Promise<ApplicationJobsResult> {
  const result: ApplicationJobsResult = {
    inactive: 0,
    declined: 0,
    reminded: 0,
    doneElsewhere: 0,
    failed: 0,
  };
  await declineOverdueOffers(now, result);
  await remindReplies(now, result);
  await markOverdueInactive(now, result);
  return result;
}
