import { assignApplication, ASSIGNEE_NOT_STAFF } from "@/lib/applications/assignment.server";
import { prisma } from "@/lib/db/client.server";
import { HttpError } from "@/lib/http/errors";
import { updateUserAccess } from "@/lib/users/admin.server";
import {
  cleanup,
  createApplication,
  createStudent,
  createSuperAdmin,
  createTeamAdmin,
  createUniversity,
  viewerOf,
} from "../support/factories";
import { describeOnPostgres, openSession, waitForLockWaiters } from "../support/postgres-only";
import { statusOf, whileUncommitted } from "../support/interleave";

// Assignments at the same moment as another change of the same rows. Each assignment locks the
// application and reads the assignee's account FOR SHARE, so two people assigning at once leave
// one assignee and a history whose "before" of each event is the "after" of the one before it, and
// an assignment to someone who is being deactivated never leaves work with an inactive account.
// The embedded database serves one transaction at a time and cannot show this; PostgreSQL can.

afterAll(cleanup);

async function anApplication() {
  const applicant = await createStudent();
  const { programs } = await createUniversity({ programs: [{ name: "Assignment Studies" }] });
  return createApplication({ userId: applicant.id, programId: programs[0].id });
}

async function assignEvents(applicationId: number) {
  const events = await prisma.applicationEvent.findMany({
    where: { applicationId, transition: "assign" },
    orderBy: { id: "asc" },
    select: { data: true },
  });
  return events.map((event) => {
    const data = event.data as { assignee: { id: number } | null; previous: { id: number } | null };
    return { from: data.previous?.id ?? null, to: data.assignee?.id ?? null };
  });
}

describeOnPostgres("assignments at the same moment", () => {
  test("two members of staff assign one application at once: one assignee, a truthful history", async () => {
    const application = await anApplication();
    const first = viewerOf(await createSuperAdmin());
    const second = viewerOf(await createTeamAdmin());

    // Both wait at the row the test holds; once it lets go, the second reads what the first wrote.
    const session = await openSession();
    await session.query("BEGIN");
    await session.query(`SELECT 1 FROM "applications" WHERE "id" = $1 FOR UPDATE`, [application.id]);
    const both = Promise.allSettled([
      assignApplication(first, application.id, first.id),
      assignApplication(second, application.id, second.id),
    ]);
    await waitForLockWaiters(session, 2);
    await session.query("COMMIT");
    await session.end();
    const outcomes = await both;

    expect(outcomes.map(statusOf)).toEqual([200, 200]);
    const events = await assignEvents(application.id);
    expect(events).toHaveLength(2);
    expect(events[0].from).toBeNull();
    expect(events[1].from).toBe(events[0].to);
    const row = await prisma.application.findUniqueOrThrow({ where: { id: application.id } });
    expect(row.assigneeId).toBe(events[1].to);
    const audits = await prisma.auditEvent.count({
      where: { action: "application.assign", entityId: String(application.id) },
    });
    expect(audits).toBe(2);
  });

  test("the same claim twice at once: one change, one event", async () => {
    const application = await anApplication();
    const staff = viewerOf(await createSuperAdmin());
    const outcomes = await Promise.allSettled([
      assignApplication(staff, application.id, staff.id),
      assignApplication(staff, application.id, staff.id),
    ]);
    expect(outcomes.map(statusOf)).toEqual([200, 200]);
    const changed = outcomes.map((o) => (o.status === "fulfilled" ? o.value.changed : null)).sort();
    expect(changed).toEqual([false, true]);
    expect(await assignEvents(application.id)).toEqual([{ from: null, to: staff.id }]);
  });

  test("an assignment to someone being deactivated waits, then is refused: no work left with them", async () => {
    const application = await anApplication();
    const lead = viewerOf(await createSuperAdmin());
    const leaving = await createTeamAdmin();

    // The deactivation has changed the account and given back its applications (none yet), and
    // has not committed: the assignment must not slip in between.
    const outcome = await whileUncommitted(
      [
        { sql: `UPDATE "users" SET "isActive" = false WHERE "id" = $1`, values: [leaving.id] },
        {
          sql: `UPDATE "applications" SET "assigneeId" = NULL WHERE "assigneeId" = $1`,
          values: [leaving.id],
        },
      ],
      () => assignApplication(lead, application.id, leaving.id),
    );

    expect(statusOf(outcome)).toBe(422);
    expect(outcome.status === "rejected" && (outcome.reason as HttpError).message).toBe(ASSIGNEE_NOT_STAFF);
    const row = await prisma.application.findUniqueOrThrow({ where: { id: application.id } });
    expect(row.assigneeId).toBeNull();
    expect(await assignEvents(application.id)).toEqual([]);
  });

  test("a deactivation while an assignment to that person is uncommitted gives the application back", async () => {
    const application = await anApplication();
    const lead = viewerOf(await createSuperAdmin());
    const leaving = await createTeamAdmin();

    // The assignment holds the account's row FOR SHARE until it commits; the deactivation waits
    // for it, then finds the application and gives it back.
    const session = await openSession();
    await session.query("BEGIN");
    await session.query(`SELECT 1 FROM "users" WHERE "id" = $1 FOR SHARE`, [leaving.id]);
    await session.query(`UPDATE "applications" SET "assigneeId" = $1 WHERE "id" = $2`, [
      leaving.id,
      application.id,
    ]);
    const deactivation = updateUserAccess(lead, leaving.id, { isActive: false }).then(
      () => 200,
      (error: unknown) => (error instanceof HttpError ? error.status : 500),
    );
    await waitForLockWaiters(session);
    await session.query("COMMIT");
    await session.end();

    expect(await deactivation).toBe(200);
    const row = await prisma.application.findUniqueOrThrow({ where: { id: application.id } });
    expect(row.assigneeId).toBeNull();
    expect(await assignEvents(application.id)).toEqual([{ from: leaving.id, to: null }]);
  });
});
