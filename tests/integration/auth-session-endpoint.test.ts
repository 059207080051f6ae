import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as logout } from "@/app/api/logout/route";
import { POST as changePassword } from "@/app/api/user/password/route";
import { DELETE as deleteAccount, GET as currentUser } from "@/app/api/user/route";
import { PATCH as patchUser } from "@/app/api/users/[id]/route";
import { prisma } from "@/lib/db/client.server";
import { Agent } from "../support/agent";
import { cleanup, createStudent, createSuperAdmin, TEST_PASSWORD } from "../support/factories";
import { signIn } from "../support/roles";

// Auth.js's own session endpoint (GET and POST /api/auth/session) answers through the same check
// as the app's pages and routes: once a session has ended (signed out, the password changed
// elsewhere, the account deactivated or deleted), a copy of its cookie gets what a signed-out
// visitor gets, and never a renewed session cookie. A live session's answer never carries the
// server-side session id.

afterAll(cleanup);

type NextAuthParams = Record<string, string>;
const params = (action: string) => ({ nextauth: [action] }) as unknown as NextAuthParams;

interface SessionAnswer {
  status: number;
  body: unknown;
  text: string;
  /** Session cookies the answer sets with a value (a renewal), not the ones it clears. */
  renewed: string[];
}

async function read(response: Response): Promise<SessionAnswer> {
  const text = await response.text();
  const renewed = response.headers
    .getSetCookie()
    .filter((cookie) => /^(__Secure-)?authjs\.session-token(\.\d+)?=[^;]+/.test(cookie));
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, text, renewed };
}

const getSession = async (agent: Agent) =>
  read(await agent.call(authGet, "/api/auth/session", { params: params("session") }));

/** POST /api/auth/session (a session update), with the CSRF token Auth.js asks for. */
async function updateSession(agent: Agent) {
  const csrf = await agent.call(authGet, "/api/auth/csrf", { params: params("csrf") });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return read(
    await agent.call(authPost, "/api/auth/session", {
      params: params("session"),
      json: { csrfToken, data: { name: "changed" } },
    }),
  );
}

/** A second browser holding a copy of the agent's cookies. */
function copyOf(agent: Agent): Agent {
  const copy = new Agent();
  for (const [name, value] of agent.cookies) copy.cookies.set(name, value);
  return copy;
}

async function signedInStudent() {
  const account = await createStudent();
  const agent = await signIn(account.username);
  return { account, agent, copy: copyOf(agent) };
}

/** What a visitor who never signed in gets. */
async function signedOutAnswers() {
  const visitor = new Agent();
  return { get: await getSession(visitor), update: await updateSession(new Agent()) };
}

async function expectSignedOut(copy: Agent) {
  const expected = await signedOutAnswers();
  const got = await getSession(copy);
  expect({ status: got.status, body: got.body }).toEqual({
    status: expected.get.status,
    body: expected.get.body,
  });
  expect(got.body).toBeNull();
  expect(got.renewed).toEqual([]);
  const updated = await updateSession(copy);
  expect({ status: updated.status, body: updated.body }).toEqual({
    status: expected.update.status,
    body: expected.update.body,
  });
  expect(updated.renewed).toEqual([]);
  expect((await copy.call(currentUser, "/api/user")).status).toBe(401);
}

test("a live session: the endpoint names the user and renews the cookie, without the session id", async () => {
  const { account, agent } = await signedInStudent();
  const session = await prisma.userSession.findFirstOrThrow({
    where: { userId: account.id },
    orderBy: { createdAt: "desc" },
  });
  for (const answer of [await getSession(agent), await updateSession(agent)]) {
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      user: { id: String(account.id), name: account.fullName, email: account.email, role: "user" },
    });
    expect(answer.text).not.toContain(session.id);
    expect(answer.text).not.toMatch(/"(sid|sv)"/);
    expect(answer.renewed).toHaveLength(1);
  }
});

test("after POST /api/logout, a copy of the cookie gets what a signed-out visitor gets", async () => {
  const { agent, copy } = await signedInStudent();
  expect((await getSession(copy)).body).not.toBeNull();
  expect((await agent.call(logout, "/api/logout", { method: "POST" })).status).toBe(204);
  await expectSignedOut(copy);
});

test("after a password change elsewhere, the other browser's cookie gets a signed-out answer", async () => {
  const { account, agent: laptop, copy } = await signedInStudent();
  const phone = await signIn(account.username);
  const changed = await phone.call(changePassword, "/api/user/password", {
    json: {
      currentPassword: TEST_PASSWORD,
      password: "a brand new password",
      confirmPassword: "a brand new password",
    },
  });
  expect(changed.status).toBe(204);
  await expectSignedOut(copy);
  await expectSignedOut(laptop);
  // The browser that made the change stays signed in.
  expect((await getSession(phone)).body).toMatchObject({ user: { id: String(account.id) } });
});

test("after the account is deactivated, its cookie gets a signed-out answer", async () => {
  const { account, copy } = await signedInStudent();
  const admin = await signIn((await createSuperAdmin()).username);
  const response = await admin.call(patchUser, `/api/users/${account.id}`, {
    method: "PATCH",
    params: { id: String(account.id) },
    json: { isActive: false },
  });
  expect(response.status).toBe(200);
  await expectSignedOut(copy);
});

test("after the account is deleted, its cookie gets a signed-out answer", async () => {
  const { agent, copy } = await signedInStudent();
  const response = await agent.call(deleteAccount, "/api/user", {
    method: "DELETE",
    json: { currentPassword: TEST_PASSWORD },
  });
  expect(response.status).toBe(204);
  await expectSignedOut(copy);
});
