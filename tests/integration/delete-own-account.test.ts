import { DELETE as deleteAccount, GET as currentUser } from "@/app/api/user/route";
import { CURRENT_PASSWORD_FAILURES_PER_WINDOW } from "@/lib/auth/rate-limit.server";
import { prisma } from "@/lib/db/client.server";
import { CURRENT_PASSWORD_WRONG as WRONG_PASSWORD } from "@/lib/auth/current-password.server";
import { ADMIN_SELF_DELETE } from "@/lib/users/delete-account.server";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
  TEST_PASSWORD,
} from "../support/factories";
import { signIn } from "../support/roles";

// Deleting one's own account is a student's right: DELETE /api/user, confirmed with
// the password, takes the applications, their history, drafts and sessions with it.

afterAll(cleanup);

async function studentWithApplication() {
  const student = await createStudent();
  const university = await createUniversity({ programs: [{}, {}] });
  const [first, second] = university.programs;
  const application = await createApplication({ userId: student.id, programId: first.id });
  await prisma.applicationEvent.create({
    data: {
      applicationId: application.id,
      actorId: student.id,
      actorName: student.fullName,
      toStatus: "pending",
    },
  });
  await prisma.applicationDraft.create({ data: { userId: student.id, programId: second.id, data: {} } });
  return { student, application, agent: await signIn(student.username) };
}

const remove = (agent: Awaited<ReturnType<typeof signIn>>, json: unknown) =>
  agent.call(deleteAccount, "/api/user", { method: "DELETE", json });

test("with the password, the account goes with its applications, history, drafts and sessions", async () => {
  const { student, application, agent } = await studentWithApplication();
  const response = await remove(agent, { currentPassword: TEST_PASSWORD });
  expect(response.status).toBe(204);

  expect(await prisma.user.findUnique({ where: { id: student.id } })).toBeNull();
  expect(await prisma.application.count({ where: { id: application.id } })).toBe(0);
  expect(await prisma.applicationEvent.count({ where: { applicationId: application.id } })).toBe(0);
  expect(await prisma.applicationDraft.count({ where: { userId: student.id } })).toBe(0);
  expect(await prisma.userSession.count({ where: { userId: student.id } })).toBe(0);
  expect((await agent.call(currentUser, "/api/user")).status).toBe(401);
});

test("a wrong or missing password changes nothing", async () => {
  const { student, agent } = await studentWithApplication();
  for (const body of [{ currentPassword: "not the password" }, {}]) {
    const response = await remove(agent, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      requestId: expect.any(String),
      error: WRONG_PASSWORD,
      fieldErrors: { currentPassword: [WRONG_PASSWORD] },
    });
  }
  expect(await prisma.application.count({ where: { userId: student.id } })).toBe(1);
  expect((await agent.call(currentUser, "/api/user")).status).toBe(200);
});

test("an account without a password (Google only) is deleted without one", async () => {
  const student = await createStudent();
  const agent = await signIn(student.username);
  await prisma.user.update({ where: { id: student.id }, data: { password: null } });
  expect((await remove(agent, {})).status).toBe(204);
  expect(await prisma.user.findUnique({ where: { id: student.id } })).toBeNull();
});

test("an admin cannot delete their own account from the profile", async () => {
  const admin = await createTeamAdmin();
  const agent = await signIn(admin.username);
  const response = await remove(agent, { currentPassword: TEST_PASSWORD });
  expect(response.status).toBe(403);
  expect((await response.json()).error).toBe(ADMIN_SELF_DELETE);
  expect(await prisma.user.findUnique({ where: { id: admin.id } })).not.toBeNull();
});

test("wrong current passwords are counted per account: the eleventh try is refused, right or not", async () => {
  const { student, agent } = await studentWithApplication();
  for (let i = 0; i < CURRENT_PASSWORD_FAILURES_PER_WINDOW; i++) {
    expect((await remove(agent, { currentPassword: `guess ${i}` })).status).toBe(400);
  }
  const response = await remove(agent, { currentPassword: TEST_PASSWORD });
  expect(response.status).toBe(429);
  expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
  expect(await prisma.user.findUnique({ where: { id: student.id } })).not.toBeNull();
});
