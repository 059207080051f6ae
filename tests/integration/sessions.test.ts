import { POST as logout } from "@/app/api/logout/route";
import { GET as currentUser } from "@/app/api/user/route";
import { SESSION_LIFETIMES, SESSION_RENEW_MS } from "@/lib/auth/session-lifetime";
import { prisma } from "@/lib/db/client.server";
import { Agent } from "../support/agent";
import { cleanup, createStudent, createTeamAdmin } from "../support/factories";
import { signIn } from "../support/roles";

// Sessions live on the server (user_sessions): signing out ends one for whoever holds its cookie,
// and idle and absolute lifetimes are enforced on every request (section 4).

const HOUR = 3_600_000;

afterAll(cleanup);

/** The newest session of a user, as the database has it. */
const newestSession = (userId: number) =>
  prisma.userSession.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" } });

const ago = (ms: number) => new Date(Date.now() - ms);

async function signedInStudent() {
  const account = await createStudent();
  const agent = await signIn(account.username);
  return { account, agent, session: await newestSession(account.id) };
}

const status = async (agent: Agent) => (await agent.call(currentUser, "/api/user")).status;

test("signing out ends the session for a stolen copy of the cookie too", async () => {
  const { agent } = await signedInStudent();
  const thief = new Agent();
  for (const [name, value] of agent.cookies) thief.cookies.set(name, value);
  expect(await status(thief)).toBe(200);

  expect((await agent.call(logout, "/api/logout", { method: "POST" })).status).toBe(204);
  expect(await status(thief)).toBe(401);
  expect(await status(agent)).toBe(401);
});

test("signing out ends only that browser's session", async () => {
  const account = await createStudent();
  const laptop = await signIn(account.username);
  const phone = await signIn(account.username);
  await laptop.call(logout, "/api/logout", { method: "POST" });
  expect(await status(laptop)).toBe(401);
  expect(await status(phone)).toBe(200);
});

test("a session unused for longer than the idle period ends; admins' sooner than students'", async () => {
  const student = await signedInStudent();
  const admin = await createTeamAdmin();
  const adminAgent = await signIn(admin.username);
  const adminSession = await newestSession(admin.id);

  // Three hours without use: past an admin's idle period, well within a student's.
  expect(SESSION_LIFETIMES.admin.idleMs).toBeLessThan(3 * HOUR);
  await prisma.userSession.updateMany({
    where: { id: { in: [student.session.id, adminSession.id] } },
    data: { lastSeenAt: ago(3 * HOUR) },
  });
  expect(await status(student.agent)).toBe(200);
  expect(await status(adminAgent)).toBe(401);

  await prisma.userSession.update({
    where: { id: student.session.id },
    data: { lastSeenAt: ago(SESSION_LIFETIMES.user.idleMs + HOUR) },
  });
  expect(await status(student.agent)).toBe(401);
});

test("a session ends at its absolute limit however much it is used", async () => {
  const { agent, session } = await signedInStudent();
  expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(SESSION_LIFETIMES.user.absoluteMs);
  await prisma.userSession.update({ where: { id: session.id }, data: { expiresAt: ago(1000) } });
  expect(await status(agent)).toBe(401);
});

test("using a session renews its idle period, writing at most every few minutes", async () => {
  const { agent, session } = await signedInStudent();
  const recent = ago(SESSION_RENEW_MS / 2);
  await prisma.userSession.update({ where: { id: session.id }, data: { lastSeenAt: recent } });
  expect(await status(agent)).toBe(200);
  expect((await newestSession(session.userId)).lastSeenAt).toEqual(recent);

  await prisma.userSession.update({
    where: { id: session.id },
    data: { lastSeenAt: ago(SESSION_RENEW_MS * 2) },
  });
  const before = Date.now();
  expect(await status(agent)).toBe(200);
  expect((await newestSession(session.userId)).lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
});

test("a sign-in clears the account's ended sessions", async () => {
  const { account, agent, session } = await signedInStudent();
  await agent.call(logout, "/api/logout", { method: "POST" });
  expect(
    (await prisma.userSession.findUniqueOrThrow({ where: { id: session.id } })).revokedAt,
  ).not.toBeNull();
  await signIn(account.username);
  expect(await prisma.userSession.findUnique({ where: { id: session.id } })).toBeNull();
  expect(await prisma.userSession.count({ where: { userId: account.id } })).toBe(1);
});
