import "server-only";
import { prisma } from "@/lib/db/client.server";
import { env } from "@/lib/env.server";
import { sendToEach } from "@/lib/mail/each-recipient.server";
import { mailUrl } from "@/lib/mail/render.server";
import { sendMail, type Mail } from "@/lib/mail/send.server";
import { deadlineReminderMail } from "@/lib/mail/templates/deadline-reminder.server";
import { getPlatformName } from "@/lib/settings/queries.server";
import { unsubscribeToken } from "./tokens.server";
import { dueReminder, reminderHorizon, type ReminderDays } from "./window";
import { programDeadlineSelect } from "@/lib/programs/queries.server";
import { earliestOpenDeadline } from "@/lib/dates/sql.server";
import { LIVE_SCHOLARSHIP } from "@/lib/scholarships/queries.server";

// Deadline reminders, sent by `npm run jobs:reminders` (scripts/jobs-reminders.ts)
// every hour or so. Each run e-mails every student, once, the reminders that have become due for
// the programs on their shortlist and their application drafts (not those applied to), and for
// the scholarships on their shortlist, listed in one e-mail.
//
// Never to whom no longer wants it: the list is read first, so each student's transaction reads
// the account again (locked against a concurrent unsubscribe until the e-mail is queued), and
// records only the programs still saved or drafted, not applied to, live, and with that deadline.
//
// Never twice, never lost: per student, one transaction records the reminders in reminder_sends
// (key: user, program, days before, deadline; ON CONFLICT DO NOTHING), and a scholarship's in
// scholarship_reminder_sends (the same key with the scholarship), and queues the e-mail in
// pg-boss's table through the same connection. Both commit or neither does: a failed enqueue
// leaves nothing recorded, and the next run tries again; a run that overlaps another waits on
// the other's uncommitted rows, then finds them taken and sends nothing. Delivery is then the
// queue's: retried while SMTP is down, sent once when it is back.

export interface DueProgram {
  programId: number;
  name: string;
  degree: string;
  universityName: string;
  universitySlug: string;
  deadline: Date;
  /** The program's time zone: the deadline day ends at 23:59 there. */
  timeZone: string;
  daysBefore: ReminderDays;
  /** The student has a draft for it (otherwise it is on their shortlist). */
  draft: boolean;
}

export interface DueScholarship {
  scholarshipId: number;
  name: string;
  provider: string;
  deadline: Date;
  /** The scholarship's time zone: the deadline day ends at 23:59 there. */
  timeZone: string;
  daysBefore: ReminderDays;
}

export interface DueStudent {
  userId: number;
  email: string;
  fullName: string;
  emailVerifiedAt: Date | null;
  programs: DueProgram[];
  scholarships: DueScholarship[];
}

/** The students with reminders due at `now` that were not sent yet, their programs by deadline. */
export async function dueReminders(now: Date): Promise<DueStudent[]> {
  // Every zone's candidates; dueReminder then applies each program's own zone.
  const programWhere = {
    archivedAt: null,
    deadline: { gte: earliestOpenDeadline(now), lte: reminderHorizon(now) },
  };
  const where = { program: programWhere, user: { isActive: true, remindersEnabled: true } };
  const select = {
    user: { select: { id: true, email: true, fullName: true, emailVerifiedAt: true } },
    program: { select: programDeadlineSelect },
  } as const;
  const [saved, drafts, scholarships] = await Promise.all([
    prisma.shortlistProgram.findMany({ where, select }),
    prisma.applicationDraft.findMany({ where, select }),
    prisma.shortlistScholarship.findMany({
      where: {
        scholarship: { ...LIVE_SCHOLARSHIP, deadline: programWhere.deadline },
        user: where.user,
      },
      select: {
        user: select.user,
        scholarship: { select: { id: true, name: true, provider: true, deadline: true, timeZone: true } },
      },
    }),
  ]);
  const rows = [
    ...drafts.map((row) => ({ ...row, draft: true })),
    ...saved.map((row) => ({ ...row, draft: false })),
  ];
  if (rows.length === 0 && scholarships.length === 0) return [];
  const userIds = [...new Set([...rows, ...scholarships].map((row) => row.user.id))];
  const [applied, sent, scholarshipsSent] = await Promise.all([
    prisma.application.findMany({
      where: { userId: { in: userIds }, programId: { in: rows.map((row) => row.program.id) } },
      select: { userId: true, programId: true },
    }),
    prisma.reminderSend.findMany({
      where: { userId: { in: userIds }, deadline: { gte: earliestOpenDeadline(now) } },
      select: { userId: true, programId: true, daysBefore: true, deadline: true },
    }),
    prisma.scholarshipReminderSend.findMany({
      where: { userId: { in: userIds }, deadline: { gte: earliestOpenDeadline(now) } },
      select: { userId: true, scholarshipId: true, daysBefore: true, deadline: true },
    }),
  ]);
  const skip = new Set([
    ...applied.map((a) => `${a.userId}:${a.programId}`),
    ...sent.map((s) => `${s.userId}:${s.programId}:${s.daysBefore}:${s.deadline.toISOString()}`),
  ]);
  const students = new Map<number, DueStudent>();
  const studentOf = (user: (typeof rows)[number]["user"]) => {
    const student = students.get(user.id) ?? {
      userId: user.id,
      email: user.email,
      fullName: user.fullName,
      emailVerifiedAt: user.emailVerifiedAt,
      programs: [],
      scholarships: [],
    };
    students.set(user.id, student);
    return student;
  };
  for (const { user, program, draft } of rows) {
    const daysBefore = dueReminder(program, now);
    const key = `${user.id}:${program.id}`;
    if (!daysBefore || skip.has(key) || skip.has(`${key}:${daysBefore}:${program.deadline.toISOString()}`))
      continue;
    skip.add(key); // a program both saved and drafted: once, as the draft (listed first)
    const student = studentOf(user);
    student.programs.push({
      programId: program.id,
      name: program.name,
      degree: program.degree,
      universityName: program.university.name,
      universitySlug: program.university.slug,
      deadline: program.deadline,
      timeZone: program.timeZone,
      daysBefore,
      draft,
    });
  }
  const scholarshipSkip = new Set(
    scholarshipsSent.map((s) => `${s.userId}:${s.scholarshipId}:${s.daysBefore}:${s.deadline.toISOString()}`),
  );
  for (const { user, scholarship } of scholarships) {
    const deadline = scholarship.deadline!;
    const daysBefore = dueReminder({ deadline, timeZone: scholarship.timeZone }, now);
    if (
      !daysBefore ||
      scholarshipSkip.has(`${user.id}:${scholarship.id}:${daysBefore}:${deadline.toISOString()}`)
    )
      continue;
    studentOf(user).scholarships.push({
      scholarshipId: scholarship.id,
      name: scholarship.name,
      provider: scholarship.provider,
      deadline,
      timeZone: scholarship.timeZone,
      daysBefore,
    });
  }
  for (const student of students.values()) {
    student.programs.sort((a, b) => +a.deadline - +b.deadline);
    student.scholarships.sort((a, b) => +a.deadline - +b.deadline);
  }
  return [...students.values()];
}

/** The reminder e-mail of one student, with RFC 8058 one-click unsubscribe headers. */
export async function reminderMail(student: DueStudent, now: Date, platformName: string): Promise<Mail> {
  return {
    to: student.email,
    ...(await deadlineReminderMail(student, now, platformName)),
    headers: {
      "List-Unsubscribe": `<${mailUrl(`/api/reminders/unsubscribe?token=${unsubscribeToken(student.userId)}`)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

// The student as the send sees them; no row when they turned reminders off or were deactivated
// since the list was read. FOR SHARE: an unsubscribe that comes now waits until the e-mail is queued.
const RECHECK_STUDENT = `
  SELECT "email", "fullName", "emailVerifiedAt" FROM "users"
   WHERE "id" = $1 AND "isActive" AND "remindersEnabled"
     FOR SHARE`;

// The reminders of one student that are still due, inserted in one statement; the rows that were
// new come back.
const RECORD_SENDS = `
  INSERT INTO reminder_sends ("userId", "programId", "daysBefore", "deadline")
  SELECT $1, due.program, due.days, due.deadline AT TIME ZONE 'UTC'
    FROM unnest($2::int[], $3::int[], $4::timestamptz[]) AS due(program, days, deadline)
    JOIN "programs" p ON p."id" = due.program AND p."archivedAt" IS NULL
                     AND p."deadline" = due.deadline AT TIME ZONE 'UTC'
   WHERE NOT EXISTS (SELECT 1 FROM "applications" a WHERE a."userId" = $1 AND a."programId" = due.program)
     AND (EXISTS (SELECT 1 FROM "shortlist_programs" s WHERE s."userId" = $1 AND s."programId" = due.program)
          OR EXISTS (SELECT 1 FROM "application_drafts" d WHERE d."userId" = $1 AND d."programId" = due.program))
  ON CONFLICT DO NOTHING
  RETURNING "programId", "daysBefore"`;

// The same for the student's scholarships: still on the shortlist, live (so are their university
// and program), and with that deadline.
const RECORD_SCHOLARSHIP_SENDS = `
  INSERT INTO scholarship_reminder_sends ("userId", "scholarshipId", "daysBefore", "deadline")
  SELECT $1, due.scholarship, due.days, due.deadline AT TIME ZONE 'UTC'
    FROM unnest($2::int[], $3::int[], $4::timestamptz[]) AS due(scholarship, days, deadline)
    JOIN "scholarships" s ON s."id" = due.scholarship AND s."archivedAt" IS NULL
                         AND s."deadline" = due.deadline AT TIME ZONE 'UTC'
   WHERE EXISTS (SELECT 1 FROM "shortlist_scholarships" x WHERE x."userId" = $1 AND x."scholarshipId" = due.scholarship)
     AND NOT EXISTS (SELECT 1 FROM "universities" u WHERE u."id" = s."universityId" AND u."archivedAt" IS NOT NULL)
     AND NOT EXISTS (SELECT 1 FROM "programs" p WHERE p."id" = s."programId" AND p."archivedAt" IS NOT NULL)
  ON CONFLICT DO NOTHING
  RETURNING "scholarshipId", "daysBefore"`;

/**
 * Sends the reminders due at `now` (see the top of this file). A student whose transaction fails
 * is counted and logged; the others still get theirs, and the next run retries.
 */
export async function sendDueReminders(
  now = new Date(),
  connectionString = env.DATABASE_URL,
): Promise<{ emails: number; reminders: number; failed: number }> {
  const students = await dueReminders(now);
  const platformName = students.length ? await getPlatformName() : "";
  const { emails, items, failed } = await sendToEach(
    students,
    connectionString,
    "deadline reminders",
    async (student, { client, db }) => {
      const account = await client.query<Pick<DueStudent, "email" | "fullName" | "emailVerifiedAt">>(
        RECHECK_STUDENT,
        [student.userId],
      );
      if (account.rows.length === 0) return 0;
      const { rows } = await client.query<{ programId: number; daysBefore: number }>(RECORD_SENDS, [
        student.userId,
        student.programs.map((p) => p.programId),
        student.programs.map((p) => p.daysBefore),
        student.programs.map((p) => p.deadline.toISOString()),
      ]);
      const fresh = student.programs.filter((p) =>
        rows.some((row) => row.programId === p.programId && row.daysBefore === p.daysBefore),
      );
      const recorded = student.scholarships.length
        ? (
            await client.query<{ scholarshipId: number; daysBefore: number }>(RECORD_SCHOLARSHIP_SENDS, [
              student.userId,
              student.scholarships.map((s) => s.scholarshipId),
              student.scholarships.map((s) => s.daysBefore),
              student.scholarships.map((s) => s.deadline.toISOString()),
            ])
          ).rows
        : [];
      const freshScholarships = student.scholarships.filter((s) =>
        recorded.some((row) => row.scholarshipId === s.scholarshipId && row.daysBefore === s.daysBefore),
      );
      if (fresh.length + freshScholarships.length > 0)
        await sendMail(
          await reminderMail(
            { ...student, ...account.rows[0], programs: fresh, scholarships: freshScholarships },
            now,
            platformName,
          ),
          { db },
        );
      return fresh.length + freshScholarships.length;
    },
  );
  return { emails, reminders: items, failed };
}
