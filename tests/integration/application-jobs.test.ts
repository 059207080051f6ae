import { submitApplication, replyToOffer } from "@/lib/applications/commands.server";
import { addDays } from "@/lib/applications/dates";
import { runApplicationJobs, type ApplicationJobsResult } from "@/lib/applications/jobs.server";
import { moveApplication } from "@/lib/applications/transition.server";
import { prisma } from "@/lib/db/client.server";
import type { ApplicationStatus } from "@/lib/generated/prisma/enums";
import { stopMailQueue } from "@/lib/mail/queue.server";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
  remember,
  uniqueTag,
  viewerOf,
} from "../support/factories";
import { describeOnPostgres, openSession, waitForLockWaiters } from "../support/postgres-only";

// The application's dates: the decide-by date stored at submission, the reply-by date kept while
// an offer is open, and the job that acts on them (lib/applications/jobs.server.ts). The job looks
// at every application, so its runs here happen at moments in the 1990s, each test earlier than
// the one before: no other file's applications (submitted now) are ever due, and neither are this
// file's from the tests before.

afterAll(async () => {
  await stopMailQueue();
  await cleanup();
});

const mailsTo = (email: string) =>
  prisma.$queryRaw<{ subject: string; text: string }[]>`
    SELECT data->>'subject' AS subject, data->>'text' AS text FROM pgboss.job
     WHERE name = 'mail' AND data->>'to' = ${email} ORDER BY created_on, id`;

const nothing: ApplicationJobsResult = { inactive: 0, declined: 0, reminded: 0, doneElsewhere: 0, failed: 0 };

const statusOf = async (id: number) =>
  (await prisma.application.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

/** A student with an application to a new program, dated `submittedAt`. */
async function applicationOf(options: {
  status: ApplicationStatus;
  submittedAt: string;
  decideBy?: string;
  replyBy?: string;
}) {
  const student = await createStudent();
  const university = await createUniversity({ name: `Jobs ${uniqueTag()} University`, programs: [{}] });
  const program = university.programs[0];
  const application = await createApplication({
    userId: student.id,
    programId: program.id,
    status: options.status,
    submittedAt: new Date(options.submittedAt),
    decideBy: options.decideBy,
    replyBy: options.replyBy,
  });
  return { student, university, program, id: application.id };
}

/** An application in `status` whose decision is due on `decideBy` (submitted four weeks before). */
const dueOn = (status: ApplicationStatus, decideBy: string) =>
  applicationOf({ status, submittedAt: `${addDays(decideBy, -28)}T09:00:00.000Z`, decideBy });

/** An open offer to reply to by `replyBy` (the application submitted two months before). */
const offerUntil = (replyBy: string) =>
  applicationOf({ status: "approved", submittedAt: `${addDays(replyBy, -60)}T09:00:00.000Z`, replyBy });

const statement = "I would love to study here. ".repeat(20);
const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 };

describe("the dates an application keeps", () => {
  test("a submission is due 20 working days after its day; an offer keeps its reply-by day until answered", async () => {
    const student = await createStudent();
    const admin = await createTeamAdmin();
    const { programs } = await createUniversity({
      programs: [{ deadline: new Date("2027-06-01T00:00:00.000Z") }],
    });
    // A Friday evening: the count starts on Monday, four weeks on is a Friday.
    const submitted = await submitApplication(
      student.id,
      { programId: programs[0].id, personalStatement: statement, academicHistory: history },
      new Date("2027-03-05T22:00:00.000Z"),
    );
    remember("application", submitted);
    const dates = () =>
      prisma.application.findUniqueOrThrow({
        where: { id: submitted.id },
        select: { decideBy: true, replyBy: true },
      });
    expect(await dates()).toEqual({ decideBy: new Date("2027-04-02"), replyBy: null });

    for (const status of ["in-review", "sent-to-university"] as const) {
      await moveApplication(viewerOf(admin), submitted.id, { status });
    }
    await moveApplication(viewerOf(admin), submitted.id, {
      status: "approved",
      offer: { conditions: [], replyBy: new Date("2027-05-14") },
    });
    expect(await dates()).toEqual({ decideBy: new Date("2027-04-02"), replyBy: new Date("2027-05-14") });

    await replyToOffer(viewerOf(student), submitted.id, { answer: "decline", reason: undefined });
    expect(await dates()).toEqual({ decideBy: new Date("2027-04-02"), replyBy: null });
  });
});

describe("the application job", () => {
  test("marks an undecided application inactive once its decide-by day is over, and only once", async () => {
    const due = await dueOn("pending", "1999-03-12");
    const later = await dueOn("in_review", "1999-03-15");
    const decided = await dueOn("rejected", "1999-03-01");
    const admin = await createTeamAdmin();

    // The whole decide-by day counts as in time.
    expect(await runApplicationJobs(new Date("1999-03-12T23:59:59.000Z"))).toEqual(nothing);
    expect(await statusOf(due.id)).toBe("pending");

    expect(await runApplicationJobs(new Date("1999-03-13T00:00:00.000Z"))).toEqual({
      ...nothing,
      inactive: 1,
    });
    expect(await statusOf(due.id)).toBe("inactive");
    const [mail, ...more] = await mailsTo(due.student.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(
      `${due.program.name} (${due.program.degree}) at ${due.university.name}: your application is now Inactive`,
    );
    expect(mail.text).toContain("No decision was made by the date the team aimed for.");
    const [event] = await prisma.applicationEvent.findMany({
      where: { applicationId: due.id },
      select: { transition: true, actorId: true, actorName: true, createdAt: true },
    });
    expect(event).toEqual({
      transition: "mark-inactive",
      actorId: null,
      actorName: null,
      createdAt: new Date("1999-03-13T00:00:00.000Z"),
    });

    // Run again, later the same day: nothing twice.
    expect(await runApplicationJobs(new Date("1999-03-13T10:00:00.000Z"))).toEqual(nothing);
    expect(await mailsTo(due.student.email)).toHaveLength(1);

    // The team can still decide: it takes the application up again, and no later run marks it again.
    await moveApplication(viewerOf(admin), due.id, { status: "in-review", note: "Back on it." });
    expect(await runApplicationJobs(new Date("1999-03-16T08:00:00.000Z"))).toEqual({
      ...nothing,
      inactive: 1,
    });
    expect(await statusOf(due.id)).toBe("in_review");
    expect(await statusOf(later.id)).toBe("inactive");
    expect(await statusOf(decided.id)).toBe("rejected");
    expect(await mailsTo(decided.student.email)).toEqual([]);
  });

  test("reminds the student 3 days before the reply-by day, once; declines by default once it is over, telling both sides", async () => {
    const offer = await offerUntil("1998-03-12");
    const admin = await createTeamAdmin();
    const gone = await createTeamAdmin();
    await prisma.user.update({ where: { id: gone.id }, data: { isActive: false } });
    const title = `${offer.program.name} (${offer.program.degree}) at ${offer.university.name}`;

    expect(await runApplicationJobs(new Date("1998-03-08T23:59:59.000Z"))).toEqual(nothing);
    expect(await runApplicationJobs(new Date("1998-03-09T00:00:00.000Z"))).toEqual({
      ...nothing,
      reminded: 1,
    });
    expect(await runApplicationJobs(new Date("1998-03-10T12:00:00.000Z"))).toEqual(nothing);
    expect(await runApplicationJobs(new Date("1998-03-12T23:59:59.000Z"))).toEqual(nothing);
    const [reminder, ...others] = await mailsTo(offer.student.email);
    expect(others).toEqual([]);
    expect(reminder.subject).toBe(`${title}: reply to your offer by 12 March 1998`);
    expect(reminder.text).toContain(`Reply to your offer from ${offer.university.name} by 12 March 1998`);
    expect(
      await prisma.offerReminderSend.findMany({
        where: { applicationId: offer.id },
        select: { replyBy: true },
      }),
    ).toEqual([{ replyBy: new Date("1998-03-12") }]);

    expect(await runApplicationJobs(new Date("1998-03-13T00:00:00.000Z"))).toEqual({
      ...nothing,
      declined: 1,
    });
    expect(
      await prisma.application.findUniqueOrThrow({
        where: { id: offer.id },
        select: { status: true, replyBy: true },
      }),
    ).toEqual({
      status: "offer_declined",
      replyBy: null,
    });
    const events = await prisma.applicationEvent.findMany({
      where: { applicationId: offer.id },
      select: { transition: true },
    });
    expect(events).toEqual([{ transition: "decline-by-default" }]);
    const toStudent = await mailsTo(offer.student.email);
    expect(toStudent.map((m) => m.subject)).toEqual([
      reminder.subject,
      `${title}: your application is now Offer Declined`,
    ]);
    expect(toStudent[1].text).toContain(
      "The reply-by date passed without a reply, so the offer was declined.",
    );
    const [toTeam, ...again] = await mailsTo(admin.email);
    expect(again).toEqual([]);
    expect(toTeam.subject).toBe(`${title}: offer declined by default`);
    expect(toTeam.text).toContain(
      `${offer.student.fullName} did not reply to the offer by its reply-by date, 12 March 1998`,
    );
    expect(toTeam.text).toContain(`/admin/applications/${offer.id}`);
    expect(await mailsTo(gone.email)).toEqual([]);

    expect(await runApplicationJobs(new Date("1998-03-14T00:00:00.000Z"))).toEqual(nothing);
    expect(await mailsTo(offer.student.email)).toHaveLength(2);
    expect(await mailsTo(admin.email)).toHaveLength(1);
  });

  test("a run after a gap catches up: the late reminder is sent while the reply-by day lasts", async () => {
    const offer = await offerUntil("1997-03-12");
    const answered = await offerUntil("1997-03-11");
    await replyToOffer(
      viewerOf(answered.student),
      answered.id,
      { answer: "accept", reason: undefined },
      new Date("1997-03-01T09:00:00.000Z"),
    );

    expect(await runApplicationJobs(new Date("1997-03-12T18:00:00.000Z"))).toEqual({
      ...nothing,
      reminded: 1,
    });
    expect(await mailsTo(offer.student.email)).toHaveLength(1);
    // The answered offer: the acceptance's e-mail only, never a reminder or a decline.
    expect(await runApplicationJobs(new Date("1997-03-20T00:00:00.000Z"))).toEqual({
      ...nothing,
      declined: 1,
    });
    expect((await mailsTo(answered.student.email)).map((m) => m.subject)).toEqual([
      `${answered.program.name} (${answered.program.degree}) at ${answered.university.name}: your application is now Place Confirmed`,
    ]);
  });
});

describeOnPostgres("two runs at once", () => {
  test("each application's change and e-mail happen once", async () => {
    const undecided = await dueOn("sent_to_university", "1996-02-05");
    const overdue = await offerUntil("1996-03-01");
    const near = await offerUntil("1996-03-04");
    const admin = await createTeamAdmin();
    const ids = [undecided.id, overdue.id, near.id];
    const now = new Date("1996-03-02T09:00:00.000Z");

    // Both runs read their lists, then wait at the first row this session holds; let go together.
    const session = await openSession();
    let results: ApplicationJobsResult[];
    try {
      await session.query("BEGIN");
      await session.query(`SELECT 1 FROM "applications" WHERE "id" = ANY($1) FOR UPDATE`, [ids]);
      const runs = Promise.all([runApplicationJobs(now), runApplicationJobs(now)]);
      await waitForLockWaiters(session, 2);
      await session.query("COMMIT");
      results = await runs;
    } finally {
      await session.end();
    }

    const sum = (key: keyof ApplicationJobsResult) => results.reduce((total, r) => total + r[key], 0);
    expect({
      inactive: sum("inactive"),
      declined: sum("declined"),
      reminded: sum("reminded"),
      failed: sum("failed"),
    }).toEqual({
      inactive: 1,
      declined: 1,
      reminded: 1,
      failed: 0,
    });
    for (const { student } of [undecided, overdue, near])
      expect(await mailsTo(student.email)).toHaveLength(1);
    expect(await mailsTo(admin.email)).toHaveLength(1);
    expect(await prisma.applicationEvent.count({ where: { applicationId: { in: ids } } })).toBe(2);
    expect(await runApplicationJobs(now)).toEqual(nothing);
  });
});

describe("every date in its program's zone", () => {
  /** An application to a new program counted in `timeZone`. */
  async function inZone(
    timeZone: string,
    options: { status: ApplicationStatus; replyBy?: string; decideBy?: string },
  ) {
    const student = await createStudent();
    const university = await createUniversity({
      name: `Zone ${uniqueTag()} University`,
      programs: [{ timeZone }],
    });
    const application = await createApplication({
      userId: student.id,
      programId: university.programs[0].id,
      status: options.status,
      submittedAt: new Date("1995-01-02T09:00:00.000Z"),
      decideBy: options.decideBy ?? "1995-06-30",
      replyBy: options.replyBy,
    });
    return application.id;
  }

  test("the jobs pick each row by the day now falls on in its program's zone", async () => {
    // The same day, 15 March 1995, ends at 10:00 UTC in Kiritimati (UTC+14), at 18:30 UTC in
    // Kolkata (UTC+5:30) and at 11:00 UTC on the 16th in Pago Pago (UTC-11).
    const zones = ["Pacific/Kiritimati", "Asia/Kolkata", "Pacific/Pago_Pago"];
    const offers = await Promise.all(
      zones.map((zone) => inZone(zone, { status: "approved", replyBy: "1995-03-15" })),
    );
    const undecided = await Promise.all(
      zones.map((zone) => inZone(zone, { status: "pending", decideBy: "1995-03-15" })),
    );
    const statuses = async () => Promise.all([...offers, ...undecided].map(statusOf));

    // 03:00 on 12 March in Kiritimati, three days before: its reminder is due; elsewhere it is
    // still the 11th (four days before).
    expect(await runApplicationJobs(new Date("1995-03-11T13:00:00.000Z"))).toEqual({
      ...nothing,
      reminded: 1,
    });
    expect(await runApplicationJobs(new Date("1995-03-12T13:00:00.000Z"))).toEqual({
      ...nothing,
      reminded: 2,
    });

    // The last millisecond of 15 March in Kiritimati: nothing is over anywhere.
    expect(await runApplicationJobs(new Date("1995-03-15T09:59:59.999Z"))).toEqual(nothing);
    expect(await runApplicationJobs(new Date("1995-03-15T10:00:00.000Z"))).toEqual({
      ...nothing,
      declined: 1,
      inactive: 1,
    });
    expect(await statuses()).toEqual([
      "offer_declined",
      "approved",
      "approved",
      "inactive",
      "pending",
      "pending",
    ]);
    expect(await runApplicationJobs(new Date("1995-03-15T18:29:59.999Z"))).toEqual(nothing);
    expect(await runApplicationJobs(new Date("1995-03-15T18:30:00.000Z"))).toEqual({
      ...nothing,
      declined: 1,
      inactive: 1,
    });
    // Midnight UTC, when the old rule ended every day: still the 15th in Pago Pago.
    expect(await runApplicationJobs(new Date("1995-03-16T00:00:00.000Z"))).toEqual(nothing);
    expect(await runApplicationJobs(new Date("1995-03-16T10:59:59.999Z"))).toEqual(nothing);
    expect(await runApplicationJobs(new Date("1995-03-16T11:00:00.000Z"))).toEqual({
      ...nothing,
      declined: 1,
      inactive: 1,
    });
    expect(await statuses()).toEqual([
      "offer_declined",
      "offer_declined",
      "offer_declined",
      "inactive",
      "inactive",
      "inactive",
    ]);
    // Each reminded once, and nothing twice on a later run.
    expect(await prisma.offerReminderSend.count({ where: { applicationId: { in: offers } } })).toBe(3);
    expect(await runApplicationJobs(new Date("1995-03-20T00:00:00.000Z"))).toEqual(nothing);
  });
});
