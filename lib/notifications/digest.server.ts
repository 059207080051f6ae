import "server-only";
import { mailDb, readyToQueueMail } from "@/lib/applications/mail.server";
import { isTransitionName, transitionNamed } from "@/lib/applications/workflow";
import { prisma } from "@/lib/db/client.server";
import { Prisma } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/log.server";
import { sendMail } from "@/lib/mail/send.server";
import { staffDigestMail, type DigestEntry } from "@/lib/mail/templates/staff-digest.server";
import { answerSentence, moveSentence, submissionSentence } from "@/lib/mail/templates/team-notice.server";
import { platformNameIn } from "@/lib/settings/queries.server";
import { NOTICE_DEFAULTS, NOTICE_KINDS, type NoticeKind } from "./kinds";

// The staff's daily digest, sent by `npm run jobs:digest` (scripts/jobs-digest.ts) once a day.
// Each staff member who chose the digest for some kind of event gets one e-mail listing the events
// gathered for it since their last digest, grouped by kind; nothing when there are none.
//
// What a digest lists is gathered when each event happens: tellStaff writes a staff_digest_items
// row in the event's own transaction. A digest takes the waiting rows that have committed, so an
// event whose transaction ends while a digest is being read (the application jobs date their
// events at the start of their run) is in the next one rather than lost, as a digest reading
// "the events after the last one's time" would lose it.
//
// Never twice, never lost: per staff member, one transaction inserts the day's row into
// staff_digests (unique: staff member, day; ON CONFLICT DO NOTHING RETURNING), marks the waiting
// rows with it and queues the e-mail through the same connection. A second run that day finds the
// row taken and sends nothing (what happened since waits for tomorrow); an overlapping run waits on
// the other's uncommitted row, then finds it taken; a run on the next day at the same moment waits
// on the rows the first marked and takes only the others. A run that fails leaves everything
// waiting for the next, and a run after a gap sends everything since the last digest.

export interface DigestResult {
  /** Digests queued. */
  emails: number;
  /** Events they list. */
  events: number;
  /** Staff whose digest of the day was already sent, or whose events another run took. */
  doneElsewhere: number;
  /** Staff whose digest failed (logged); the next run tries again. */
  failed: number;
}

/** The day a run's digests are counted on (UTC, as staff have no time zone of their own). */
export const digestDay = (now: Date) => now.toISOString().slice(0, 10);

/** Ends a staff member's transaction without writing anything: their digest is not sent now. */
class NothingToSend extends Error {}

/** SQL: the default delivery of the waiting row `i`'s kind, for a staff member who never chose. */
const DEFAULT_DELIVERY = Prisma.sql`CASE i."kind" ${Prisma.join(
  NOTICE_KINDS.map((kind) => Prisma.sql`WHEN ${kind}::"StaffNoticeKind" THEN ${NOTICE_DEFAULTS[kind]}`),
  " ",
)} END`;

/** The staff with events waiting for their digest that happened by `now`. */
async function staffWaiting(now: Date): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ userId: number }[]>`
    SELECT DISTINCT i."userId" FROM "staff_digest_items" i
      JOIN "application_events" e ON e."id" = i."eventId"
     WHERE i."digestId" IS NULL AND e."createdAt" <= ${now}
     ORDER BY i."userId"`;
  return rows.map((row) => row.userId);
}

/** What the digest says of one listed event. */
function entryOf(item: {
  kind: string;
  event: {
    transition: string | null;
    createdAt: Date;
    data: Prisma.JsonValue;
    application: {
      id: number;
      decideBy: Date;
      user: { fullName: string };
      program: DigestEntry["program"];
    };
  };
}): DigestEntry {
  const { event } = item;
  const { application } = event;
  const studentName = application.user.fullName;
  const kind = item.kind as NoticeKind;
  let what: string;
  if (kind === "newSubmission") what = submissionSentence(studentName, event.createdAt);
  else if (kind === "requestAnswered") {
    const request = (event.data as { request?: { documentType?: string | null } } | null)?.request;
    what = answerSentence(studentName, request?.documentType ?? null);
  } else if (isTransitionName(event.transition))
    what = moveSentence({
      transition: transitionNamed(event.transition),
      studentName,
      decideBy: kind === "overdue" ? application.decideBy : null,
    });
  else what = `${studentName}'s application changed.`;
  return { kind, applicationId: application.id, program: application.program, what };
}

/**
 * One staff member's digest for `day`, in `tx`: the number of events it lists (0: none left to
 * list, after dropping what they no longer want). Throws NothingToSend, rolling back, when the
 * day's digest was already sent or another run took the events.
 */
async function sendDigestOf(tx: Prisma.TransactionClient, userId: number, day: string, now: Date) {
  // Still an active admin; FOR SHARE: a deactivation waits until the digest is queued.
  const [staff] = await tx.$queryRaw<{ email: string; fullName: string; emailVerifiedAt: Date | null }[]>`
    SELECT "email", "fullName", "emailVerifiedAt" FROM "users"
     WHERE "id" = ${userId} AND "role" = 'admin' AND "isActive" FOR SHARE`;
  if (!staff) {
    // No longer staff: what waited for them is nobody's to read.
    await tx.staffDigestItem.deleteMany({ where: { userId, digestId: null } });
    return 0;
  }
  // The kinds they have turned off since their events were gathered are dropped.
  await tx.$executeRaw`
    DELETE FROM "staff_digest_items" i
     WHERE i."userId" = ${userId} AND i."digestId" IS NULL
       AND COALESCE((SELECT c."delivery"::text FROM "staff_notice_choices" c
                      WHERE c."userId" = ${userId} AND c."kind" = i."kind"), ${DEFAULT_DELIVERY}) = 'off'`;
  const [{ waiting }] = await tx.$queryRaw<{ waiting: number }[]>`
    SELECT count(*)::int AS "waiting" FROM "staff_digest_items" i
      JOIN "application_events" e ON e."id" = i."eventId"
     WHERE i."userId" = ${userId} AND i."digestId" IS NULL AND e."createdAt" <= ${now}`;
  if (waiting === 0) return 0;
  const [digest] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "staff_digests" ("userId", "day", "sentAt") VALUES (${userId}, ${day}::date, ${now})
    ON CONFLICT DO NOTHING RETURNING "id"`;
  if (!digest) throw new NothingToSend();
  const taken = await tx.$executeRaw`
    UPDATE "staff_digest_items" i SET "digestId" = ${digest.id}
      FROM "application_events" e
     WHERE e."id" = i."eventId" AND i."userId" = ${userId} AND i."digestId" IS NULL
       AND e."createdAt" <= ${now}`;
  // Another run took them meanwhile, or their kinds were all turned off: no empty digest.
  if (taken === 0) throw new NothingToSend();
  const items = await tx.staffDigestItem.findMany({
    where: { digestId: digest.id },
    orderBy: [{ event: { createdAt: "asc" } }, { eventId: "asc" }],
    select: {
      kind: true,
      event: {
        select: {
          transition: true,
          createdAt: true,
          data: true,
          application: {
            select: {
              id: true,
              decideBy: true,
              user: { select: { fullName: true } },
              program: { select: { name: true, degree: true, university: { select: { name: true } } } },
            },
          },
        },
      },
    },
  });
  const mail = await staffDigestMail(staff, items.map(entryOf), await platformNameIn(tx));
  await sendMail({ to: staff.email, ...mail }, { db: mailDb(tx) });
  return items.length;
}

/** Sends the digests due at `now` (see the top of this file). */
export async function sendDigests(now = new Date()): Promise<DigestResult> {
  const result: DigestResult = { emails: 0, events: 0, doneElsewhere: 0, failed: 0 };
  const staff = await staffWaiting(now);
  if (staff.length === 0) return result;
  // Started before a transaction opens: the embedded database serves one transaction at a time.
  await readyToQueueMail();
  const day = digestDay(now);
  for (const userId of staff) {
    try {
      const events = await prisma.$transaction((tx) => sendDigestOf(tx, userId, day, now));
      if (events > 0) {
        result.emails++;
        result.events += events;
      }
    } catch (error) {
      if (error instanceof NothingToSend) {
        result.doneElsewhere++;
        continue;
      }
      result.failed++;
      logger().error({ err: error, userId }, "staff digest not sent");
    }
  }
  return result;
}
