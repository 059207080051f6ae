import { prisma } from "@/lib/db/client.server";
import { stopMailQueue } from "@/lib/mail/queue.server";
import { sendDueReminders } from "@/lib/reminders/job.server";
import { cleanup, createStudent, createUniversity, remember } from "../support/factories";
import { describeOnPostgres, openSession, waitForLockWaiters } from "../support/postgres-only";

// The reminder job reads its list first and sends student by student: a student who applies or
// unsubscribes in between gets no reminder for it. The job runs at a moment in 2093, so no other
// test file's programs are due.

const DAY = 86_400_000;
const NOW = new Date("2093-05-01T12:00:00.000Z");

afterAll(async () => {
  await stopMailQueue();
  await cleanup();
});

const queuedTo = async (email: string) =>
  (
    await prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND data->>'to' = ${email}`
  )[0].n;

describeOnPostgres("the reminder job", () => {
  test("rechecks each student in the send: no reminder after they applied or unsubscribed", async () => {
    const { programs } = await createUniversity({
      programs: [{ name: "Recheck Studies", deadline: new Date(NOW.getTime() + 2 * DAY) }],
    });
    const program = programs[0].id;
    const applying = await createStudent();
    const leaving = await createStudent();
    const staying = await createStudent();
    await prisma.shortlistProgram.createMany({
      data: [applying, leaving, staying].map((user) => ({ userId: user.id, programId: program })),
    });

    // The job has read its list and waits at the first student's row; meanwhile one student
    // applies and another turns reminders off.
    const session = await openSession();
    let result: Awaited<ReturnType<typeof sendDueReminders>>;
    try {
      await session.query("BEGIN");
      await session.query(`SELECT 1 FROM "users" WHERE "id" = ANY($1) FOR UPDATE`, [
        [applying.id, leaving.id, staying.id],
      ]);
      const run = sendDueReminders(NOW);
      await waitForLockWaiters(session);
      const { rows } = await session.query<{ id: number }>(
        `INSERT INTO "applications" ("userId", "programId", "personalStatement", "academicHistory", "decideBy")
         VALUES ($1, $2, 'Applied while the reminders were going out.', '{}', CURRENT_DATE + 28) RETURNING "id"`,
        [applying.id, program],
      );
      remember("application", rows[0]);
      await session.query(`UPDATE "users" SET "remindersEnabled" = false WHERE "id" = $1`, [leaving.id]);
      await session.query("COMMIT");
      result = await run;
    } finally {
      await session.end();
    }

    expect(result).toEqual({ emails: 1, reminders: 1, failed: 0 });
    expect(await queuedTo(applying.email)).toBe(0);
    expect(await queuedTo(leaving.email)).toBe(0);
    expect(await queuedTo(staying.email)).toBe(1);
    const sends = await prisma.reminderSend.findMany({
      where: { programId: program },
      select: { userId: true },
    });
    expect(sends).toEqual([{ userId: staying.id }]);
  });
});
