import { POST as login } from "@/app/api/login/route";
import { POST as logout } from "@/app/api/logout/route";
import { POST as register } from "@/app/api/register/route";
import { GET as currentUser, PATCH as updateUser } from "@/app/api/user/route";
import { POST as changePassword } from "@/app/api/user/password/route";
import { prisma } from "@/lib/db/client.server";
import type { Mail } from "@/lib/mail/send.server";
import { Agent } from "../support/agent";
import { cleanup, createStudent, remember, uniqueTag } from "../support/factories";

// Registration sends a verification link, a profile change a notice: kept here, not sent.
jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (_mail: Mail) => undefined }));

const tag = uniqueTag();
const PASSWORD = "correct horse battery";

function newStudent(suffix: string) {
  return {
    fullName: `Test Student ${suffix}`,
    email: `${tag}.${suffix}@example.com`,
    username: `${tag}_${suffix}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  };
}

/** POST /api/register; an account it creates is registered for cleanup. */
async function registerAs(agent: Agent, json: unknown) {
  const response = await agent.call(register, "/api/register", { json });
  if (response.status === 201) remember("user", await response.clone().json());
  return response;
}

afterAll(async () => {
  await cleanup();
  await prisma.signInThrottle.deleteMany({ where: { key: { contains: tag.toLowerCase() } } });
});

const noSecrets = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/argon2|"password"|resetToken|googleId/);
};

describe("POST /api/register", () => {
  test("creates a student, answers 201 with the user, and signs them in", async () => {
    const agent = new Agent();
    const response = await registerAs(agent, newStudent("reg"));
    expect(response.status).toBe(201);
    const user = await response.json();
    expect(user).toMatchObject({
      username: `${tag}_reg`,
      email: `${tag}.reg@example.com`,
      role: "user",
      adminType: null,
    });
    noSecrets(user);
    expect(agent.hasSession()).toBe(true);
    const session = agent.writes.find((w) => w.name.endsWith("authjs.session-token"))!;
    expect(session.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" });

    const me = await agent.call(currentUser, "/api/user");
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe(`${tag}_reg`);

    const stored = await prisma.user.findUniqueOrThrow({ where: { username: `${tag}_reg` } });
    expect(stored.password).toMatch(/^\$argon2id\$/);
  });

  test("validation errors are 400 with SPEC's messages on the fields", async () => {
    const agent = new Agent();
    const response = await registerAs(agent, {
      ...newStudent("bad"),
      email: "not-an-email",
      confirmPassword: "different",
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors.confirmPassword).toEqual(["Passwords do not match"]);
    expect(body.fieldErrors.email).toEqual(["Enter a valid email address"]);
    expect(await prisma.user.count({ where: { username: `${tag}_bad` } })).toBe(0);
  });

  test("a taken username or e-mail is a 409 that says which", async () => {
    const agent = new Agent();
    await registerAs(agent, newStudent("dup"));

    const sameUsername = await new Agent().call(register, "/api/register", {
      json: { ...newStudent("dup"), email: `${tag}.other@example.com` },
    });
    expect(sameUsername.status).toBe(409);
    expect(Object.keys((await sameUsername.json()).fieldErrors)).toEqual(["username"]);

    const sameEmail = await new Agent().call(register, "/api/register", {
      json: { ...newStudent("dup2"), email: `${tag.toUpperCase()}.DUP@example.com` },
    });
    expect(sameEmail.status).toBe(409);
    const body = await sameEmail.json();
    expect(Object.keys(body.fieldErrors)).toEqual(["email"]);
    expect(body.error).toMatch(/email already exists/);
  });

  test("malformed JSON is a 400 and a request from another site a 403", async () => {
    expect(
      (
        await new Agent().call(register, "/api/register", {
          body: "{oops",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(400);
    const foreign = await new Agent().call(register, "/api/register", {
      json: newStudent("csrf"),
      headers: { origin: "https://attacker.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await prisma.user.count({ where: { username: `${tag}_csrf` } })).toBe(0);
  });
});

describe("POST /api/login and /api/logout, GET /api/user", () => {
  beforeAll(async () => {
    await createStudent({
      username: `${tag}_login`,
      email: `${tag}.login@example.com`,
      fullName: "Login Tester",
      password: PASSWORD,
    });
  });

  test("missing fields: 400 with 'Username is required' and 'Password is required'", async () => {
    const response = await new Agent().call(login, "/api/login", { json: {} });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      username: ["Username is required"],
      password: ["Password is required"],
    });
  });

  test("unknown user and wrong password get the same 401", async () => {
    const unknown = await new Agent().call(login, "/api/login", {
      json: { username: `${tag}_nobody`, password: "whatever1" },
    });
    const wrong = await new Agent().call(login, "/api/login", {
      json: { username: `${tag}_login`, password: "wrong password" },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    // The same answer but for the request id, which is each request's own.
    const { requestId: first, ...unknownBody } = await unknown.json();
    const { requestId: second, ...wrongBody } = await wrong.json();
    expect(unknownBody).toEqual(wrongBody);
    expect(first).not.toBe(second);
  });

  test("signs in with the session cookie, GET /api/user answers the user, logout ends it", async () => {
    const agent = new Agent();
    const response = await agent.call(login, "/api/login", {
      json: { username: `${tag}_login`, password: PASSWORD },
    });
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ username: `${tag}_login`, fullName: "Login Tester" });
    noSecrets(user);
    expect(agent.hasSession()).toBe(true);

    expect((await agent.call(currentUser, "/api/user")).status).toBe(200);
    const out = await agent.call(logout, "/api/logout", { method: "POST" });
    expect(out.status).toBe(204);
    expect(agent.hasSession()).toBe(false);
    expect((await agent.call(currentUser, "/api/user")).status).toBe(401);
  });

  test("signed out, GET /api/user is 401 (the client reads it as null)", async () => {
    const response = await new Agent().call(currentUser, "/api/user");
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBeTruthy();
  });

  test("10 failures for one username from different addresses: 429 with Retry-After, even with the right password", async () => {
    const username = `${tag}_limited`;
    await createStudent({
      username,
      email: `${tag}.limited@example.com`,
      fullName: "Limited",
      password: PASSWORD,
    });
    for (let i = 0; i < 10; i++) {
      // A different address each time: the username's own limit applies.
      const response = await new Agent().call(login, "/api/login", {
        json: { username, password: `wrong-${i}` },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await new Agent().call(login, "/api/login", { json: { username, password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect((await blocked.json()).error).toMatch(/Too many failed sign-in attempts/);
  });

  test("an inactive user cannot sign in, and an existing session stops working", async () => {
    const username = `${tag}_inactive`;
    const user = await createStudent({
      username,
      email: `${tag}.inactive@example.com`,
      fullName: "Soon Inactive",
      password: PASSWORD,
    });
    const agent = new Agent();
    expect((await agent.call(login, "/api/login", { json: { username, password: PASSWORD } })).status).toBe(
      200,
    );
    expect((await agent.call(currentUser, "/api/user")).status).toBe(200);

    await prisma.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect((await agent.call(currentUser, "/api/user")).status).toBe(401);
    const again = await new Agent().call(login, "/api/login", { json: { username, password: PASSWORD } });
    expect(again.status).toBe(403);
    expect((await again.json()).error).toMatch(/deactivated/);
  });
});

describe("profile and password", () => {
  test("PATCH /api/user changes the name and asks for a new e-mail; another user's e-mail is a 409", async () => {
    const agent = new Agent();
    const student = newStudent("prof");
    await registerAs(agent, student);
    const response = await agent.call(updateUser, "/api/user", {
      method: "PATCH",
      json: { fullName: "Renamed Student", email: `${tag}.renamed@example.com`, currentPassword: PASSWORD },
    });
    expect(response.status).toBe(200);
    // The new address waits for its link (pending-email.test.ts); the account keeps its own.
    expect(await response.json()).toMatchObject({
      fullName: "Renamed Student",
      email: student.email,
      pendingEmail: `${tag}.renamed@example.com`,
    });

    const taken = await agent.call(updateUser, "/api/user", {
      method: "PATCH",
      json: { fullName: "Renamed Student", email: "student@example.com", currentPassword: PASSWORD },
    });
    expect(taken.status).toBe(409);
    expect(
      (
        await new Agent().call(updateUser, "/api/user", {
          method: "PATCH",
          json: { fullName: "x", email: "x@example.com" },
        })
      ).status,
    ).toBe(401);
  });

  test("changing the password needs the current one, keeps this session and ends the others", async () => {
    const mine = new Agent();
    const other = new Agent();
    await registerAs(mine, newStudent("pw"));
    await other.call(login, "/api/login", { json: { username: `${tag}_pw`, password: PASSWORD } });

    const wrong = await mine.call(changePassword, "/api/user/password", {
      json: {
        currentPassword: "not it at all",
        password: "brand new secret",
        confirmPassword: "brand new secret",
      },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).fieldErrors.currentPassword).toEqual(["The current password is not correct"]);

    const ok = await mine.call(changePassword, "/api/user/password", {
      json: { currentPassword: PASSWORD, password: "brand new secret", confirmPassword: "brand new secret" },
    });
    expect(ok.status).toBe(204);
    expect((await mine.call(currentUser, "/api/user")).status).toBe(200);
    expect((await other.call(currentUser, "/api/user")).status).toBe(401);
    expect(
      (
        await new Agent().call(login, "/api/login", {
          json: { username: `${tag}_pw`, password: "brand new secret" },
        })
      ).status,
    ).toBe(200);
  });
});
