import { replyToOffer, submitApplication, withdrawApplication } from "@/lib/applications/commands.server";
import { markCondition } from "@/lib/applications/conditions.server";
import { moveApplication } from "@/lib/applications/transition.server";
import { prisma } from "@/lib/db/client.server";
import { HttpError } from "@/lib/http/errors";
import type { Mail } from "@/lib/mail/send.server";
import { stopMailQueue } from "@/lib/mail/queue.server";
import {
  cleanup,
  createApplication,
  createStudent,
  createSuperAdmin,
  createUniversity,
} from "../support/factories";
import { describeOnPostgres, openSession, waitForLockWaiters } from "../support/postgres-only";

// Two moves of one application at the same moment: the student accepts the offer while the team
// withdraws it. Each move writes conditionally on the status it read, so exactly one wins, the
// other is told 409, and the history holds one event for the one that happened. The embedded
// database serves one transaction at a time and cannot show this; PostgreSQL can.

jest.mock("@/lib/mail/send.server", () => ({
  ...jest.requireActual("@/lib/mail/send.server"),
  sendMail: async (_mail: Mail) => undefined,
}));

afterAll(async () => {
  await stopMailQueue();
  await cleanup();
});

const student = (id: number) => ({ id, role: "user" as const, adminType: null, permissions: [] });
const statusOf = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === "fulfilled" ? 200 : outcome.reason instanceof HttpError ? outcome.reason.status : 500;

describeOnPostgres("moves at the same moment", () => {
  test("an offer accepted while the team withdraws it: one move happens, the other is a 409", async () => {
    const applicant = await createStudent();
    const admin = await createSuperAdmin();
    const staff = { id: admin.id, role: "admin" as const, adminType: "super" as const, permissions: [] };
    const { programs } = await createUniversity({ programs: [{ name: "Race Studies" }] });
    const application = await createApplication({
      userId: applicant.id,
      programId: programs[0].id,
      status: "sent_to_university",
    });
    await moveApplication(staff, application.id, { status: "approved" });

    // Both moves wait at the row the test holds; let go, and the second reads the status the first
    // wrote.
    const session = await openSession();
    await session.query("BEGIN");
    await session.query(`SELECT 1 FROM "applications" WHERE "id" = $1 FOR UPDATE`, [application.id]);
    const both = Promise.allSettled([
      replyToOffer(student(applicant.id), application.id, { answer: "accept", reason: undefined }),
      moveApplication(staff, application.id, { status: "offer-withdrawn", reason: "The program closed." }),
    ]);
    await waitForLockWaiters(session, 2);
    await session.query("COMMIT");
    await session.end();
    const outcomes = await both;

    expect(outcomes.map(statusOf).sort()).toEqual([200, 409]);
    const events = await prisma.applicationEvent.findMany({
      where: { applicationId: application.id, transition: { not: "make-offer" } },
      select: { transition: true },
    });
    expect(events).toHaveLength(1);
    const row = await prisma.application.findUniqueOrThrow({ where: { id: application.id } });
    expect(row.status).toBe(
      events[0].transition === "withdraw-offer" ? "offer_withdrawn" : "place_confirmed",
    );
  });

  test("applying again twice at once after a withdrawal: one open application", async () => {
    const applicant = await createStudent();
    const { programs } = await createUniversity({ programs: [{ name: "Again Studies" }] });
    const first = await createApplication({ userId: applicant.id, programId: programs[0].id });
    await withdrawApplication(student(applicant.id), first.id);
    const input = {
      programId: programs[0].id,
      personalStatement: "I would love to study here. ".repeat(20),
      academicHistory: { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 },
    };
    const outcomes = await Promise.allSettled([
      submitApplication(applicant.id, input),
      submitApplication(applicant.id, input),
    ]);
    expect(outcomes.map(statusOf).sort()).toEqual([200, 409]);
    const rows = await prisma.application.findMany({
      where: { userId: applicant.id, programId: programs[0].id },
      select: { status: true },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => row.status)).toEqual(["withdrawn", "pending"]);
  });

  test("a place confirmed while a condition is marked not met: never confirmed on a failed condition", async () => {
    const applicant = await createStudent();
    const admin = await createSuperAdmin();
    const staff = {
      id: admin.id,
      role: "admin" as const,
      adminType: "super" as const,
      permissions: [],
      fullName: admin.fullName,
    };
    const { programs } = await createUniversity({ programs: [{ name: "Condition Studies" }] });
    const application = await createApplication({
      userId: applicant.id,
      programId: programs[0].id,
      status: "sent_to_university",
    });
    await moveApplication(staff, application.id, {
      status: "approved",
      offer: { conditions: ["IELTS 6.5", "Final transcript"] },
    });
    await replyToOffer(student(applicant.id), application.id, { answer: "accept", reason: undefined });
    const [ielts, transcript] = await prisma.offerCondition.findMany({
      where: { applicationId: application.id },
      orderBy: { position: "asc" },
    });
    await markCondition(staff, application.id, ielts.id, { status: "met", note: null });
    await markCondition(staff, application.id, transcript.id, { status: "met", note: null });

    const session = await openSession();
    await session.query("BEGIN");
    await session.query(`SELECT 1 FROM "applications" WHERE "id" = $1 FOR UPDATE`, [application.id]);
    const both = Promise.allSettled([
      moveApplication(staff, application.id, { status: "place-confirmed" }),
      markCondition(staff, application.id, transcript.id, { status: "not-met", note: null }),
    ]);
    await waitForLockWaiters(session, 2);
    await session.query("COMMIT");
    await session.end();
    const outcomes = await both;

    expect(outcomes.map(statusOf).sort()).toEqual([200, 409]);
    const row = await prisma.application.findUniqueOrThrow({ where: { id: application.id } });
    const conditions = await prisma.offerCondition.findMany({ where: { applicationId: application.id } });
    if (row.status === "place_confirmed") expect(conditions.every((c) => c.status === "met")).toBe(true);
    else
      expect([row.status, conditions.some((c) => c.status === "not_met")]).toEqual([
        "conditions_pending",
        true,
      ]);
  });

  test("two offers for the same start accepted at once: one place is kept, the other reply is asked to replace it", async () => {
    const applicant = await createStudent();
    const admin = await createSuperAdmin();
    const staff = { id: admin.id, role: "admin" as const, adminType: "super" as const, permissions: [] };
    const ids: number[] = [];
    for (const name of ["First Choice Studies", "Second Choice Studies"]) {
      const { programs } = await createUniversity({ programs: [{ name }] });
      const application = await createApplication({
        userId: applicant.id,
        programId: programs[0].id,
        status: "sent_to_university",
      });
      await moveApplication(staff, application.id, {
        status: "approved",
        offer: { startTerm: "September 2027" },
      });
      ids.push(application.id);
    }

    // Both replies wait at the student's reply lock, which the test holds.
    const session = await openSession();
    await session.query("BEGIN");
    await session.query("SELECT pg_advisory_xact_lock($1::int, $2::int)", [0x726570, applicant.id]);
    const both = Promise.allSettled(
      ids.map((id) => replyToOffer(student(applicant.id), id, { answer: "accept", reason: undefined })),
    );
    await waitForLockWaiters(session, 2);
    await session.query("COMMIT");
    await session.end();
    const outcomes = await both;

    expect(outcomes.map(statusOf).sort()).toEqual([200, 409]);
    const rows = await prisma.application.findMany({ where: { id: { in: ids } }, select: { status: true } });
    expect(rows.map((row) => row.status).sort()).toEqual(["approved", "place_confirmed"]);
  });
});
