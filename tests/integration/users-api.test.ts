import { DELETE as deleteUser, PATCH as patchUser } from "@/app/api/users/[id]/route";
import { GET as listUsers, POST as createUserRoute } from "@/app/api/users/route";
import { POST as login } from "@/app/api/login/route";
import { GET as currentUser } from "@/app/api/user/route";
import { prisma } from "@/lib/db/client.server";
import { Agent } from "../support/agent";
import {
  cleanup,
  createApplication,
  createUniversity,
  createUser,
  remember,
  uniqueTag,
  type Role,
} from "../support/factories";
import { ROLES, signInEachRole, type RoleAgents, type RoleName } from "../support/roles";

// The admin user endpoints on the shared database: who may call what, the team admin's
// limits, and what deactivating or re-roling an account does to its sessions and sign-in. The
// "last active super admin" rules need a database where the super admins are the test's own:
// tests/integration/super-admin-rules.test.ts.

const tag = uniqueTag();
const PASSWORD = "users api password";
let roles: RoleAgents;

beforeAll(async () => {
  roles = await signInEachRole(`${tag}r`);
});

afterAll(cleanup);

let counter = 0;
/** An account of this test file (a student unless told), optionally signed in. */
async function makeUser(role: Role = "student") {
  counter += 1;
  const username = `${tag}_u${counter}`;
  return createUser({
    role,
    username,
    email: `${username}@example.com`,
    fullName: `Person ${counter} ${tag}`,
    password: PASSWORD,
  });
}

async function signIn(username: string, agent = new Agent()) {
  const response = await agent.call(login, "/api/login", { json: { username, password: PASSWORD } });
  return { agent, response };
}

const patch = (agent: Agent, id: number, json: unknown) =>
  agent.call(patchUser, `/api/users/${id}`, { method: "PATCH", json, params: { id: String(id) } });
const remove = (agent: Agent, id: number) =>
  agent.call(deleteUser, `/api/users/${id}`, { method: "DELETE", params: { id: String(id) } });
/** POST /api/users; an account it creates is registered for cleanup. */
async function create(agent: Agent, json: Record<string, unknown>) {
  const response = await agent.call(createUserRoute, "/api/users", { json });
  if (response.status === 201) remember("user", await response.clone().json());
  return response;
}

function newUserBody(suffix: string, extra: Record<string, unknown> = {}) {
  const username = `${tag}_n${suffix}`;
  return {
    fullName: `New ${suffix} ${tag}`,
    email: `${username}@example.com`,
    username,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...extra,
  };
}

describe("role matrix: 401 signed out, 403 for students", () => {
  const expected: Record<RoleName, number> = { anonymous: 401, student: 403, team: 200, super: 200 };

  test.each(ROLES)("GET /api/users as %s", async (role) => {
    const response = await roles.agents[role].call(listUsers, "/api/users");
    expect(response.status).toBe(expected[role]);
    const body = await response.json();
    if (response.ok) expect(Array.isArray(body)).toBe(true);
    else expect(typeof body.error).toBe("string");
  });

  test.each(ROLES)("POST /api/users (a student) as %s", async (role) => {
    const response = await create(roles.agents[role], newUserBody(`m${role}`));
    expect(response.status).toBe({ ...expected, team: 201, super: 201 }[role]);
  });

  test.each(ROLES)("PATCH and DELETE /api/users/{id} (a student) as %s", async (role) => {
    const target = await makeUser();
    expect((await patch(roles.agents[role], target.id, { isActive: false })).status).toBe(expected[role]);
    expect((await remove(roles.agents[role], target.id)).status).toBe(
      { ...expected, team: 204, super: 204 }[role],
    );
    const left = await prisma.user.findUnique({ where: { id: target.id } });
    if (role === "team" || role === "super") expect(left).toBeNull();
    else expect(left).toMatchObject({ isActive: true });
  });
});

describe("GET /api/users", () => {
  test("searches full name, e-mail and username, filters by role, pages with X-Total-Count", async () => {
    const a = await makeUser();
    const b = await makeUser("team");
    const search = async (query: string) => {
      const response = await roles.agents.team.call(listUsers, `/api/users?${query}`);
      expect(response.status).toBe(200);
      const items = (await response.json()) as { id: number; role: string; adminType: string | null }[];
      return { ids: items.map((u) => u.id), total: Number(response.headers.get("X-Total-Count")), items };
    };
    expect((await search(`q=${tag}_u`)).ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await search(`q=${encodeURIComponent(a.fullName.toUpperCase())}`)).ids).toEqual([a.id]);
    expect((await search(`q=${a.username}@EXAMPLE`)).ids).toEqual([a.id]);
    const admins = await search(`q=${tag}_u&role=admin`);
    expect(admins.ids).toContain(b.id);
    expect(admins.ids).not.toContain(a.id);
    expect(admins.items.find((u) => u.id === b.id)).toMatchObject({ role: "admin", adminType: "team" });
    const page = await search(`q=${tag}&limit=1&offset=0`);
    expect(page.ids).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const body = await (await roles.agents.super.call(listUsers, `/api/users?q=${a.username}`)).json();
    expect(body[0]).not.toHaveProperty("password");
    expect(body[0]).toHaveProperty("lastLoginAt", null);
  });

  test("each user comes with the applications and drafts a delete would take", async () => {
    const student = await makeUser();
    const university = await createUniversity({ programs: [{}, {}] });
    await createApplication({ userId: student.id, programId: university.programs[0].id });
    await prisma.applicationDraft.create({
      data: { userId: student.id, programId: university.programs[1].id, data: {} },
    });
    const response = await roles.agents.team.call(listUsers, `/api/users?q=${student.username}`);
    expect(await response.json()).toEqual([
      expect.objectContaining({ id: student.id, applicationCount: 1, draftCount: 1 }),
    ]);
  });

  test("the search is trimmed; one longer than 200 characters is a 400, as on /admin/users", async () => {
    const padded = await roles.agents.super.call(listUsers, `/api/users?q=%20%20${tag}_u%20%20`);
    expect(padded.status).toBe(200);
    expect(Number(padded.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(1);
    const long = await roles.agents.super.call(listUsers, `/api/users?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect((await long.json()).error).toBe("q must be at most 200 characters");
  });

  test("a bad role filter is a 400 with the field named", async () => {
    const response = await roles.agents.super.call(listUsers, "/api/users?role=students");
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors.role).toEqual(["role must be one of: all, user, admin"]);
  });
});

describe("POST /api/users", () => {
  test("a super admin adds an admin who can sign in; a team admin may not", async () => {
    const refused = await create(roles.agents.team, newUserBody("ta", { role: "admin", adminType: "team" }));
    expect(refused.status).toBe(403);
    expect(await prisma.user.count({ where: { username: `${tag}_nta` } })).toBe(0);

    const body = newUserBody("sa", { role: "admin", adminType: "team" });
    const response = await create(roles.agents.super, body);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      username: body.username,
      role: "admin",
      adminType: "team",
    });
    expect((await signIn(body.username)).response.status).toBe(200);
  });

  test("validation and taken usernames answer with field errors", async () => {
    const bad = await create(roles.agents.super, newUserBody("v", { confirmPassword: "something else" }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({ confirmPassword: ["Passwords do not match"] });
    const noType = await create(roles.agents.super, newUserBody("v2", { role: "admin" }));
    expect((await noType.json()).fieldErrors).toEqual({ adminType: ["Choose the admin type of an admin"] });

    const existing = await makeUser();
    const taken = await create(roles.agents.super, newUserBody("v3", { username: existing.username }));
    expect(taken.status).toBe(409);
    expect(Object.keys((await taken.json()).fieldErrors)).toEqual(["username"]);
  });
});

describe("PATCH /api/users/{id}", () => {
  test("a team admin may not touch admin accounts or roles; a super admin may", async () => {
    const student = await makeUser();
    const teamMate = await makeUser("team");
    expect((await patch(roles.agents.team, student.id, { role: "admin", adminType: "team" })).status).toBe(
      403,
    );
    expect((await patch(roles.agents.team, teamMate.id, { isActive: false })).status).toBe(403);
    expect((await remove(roles.agents.team, teamMate.id)).status).toBe(403);
    expect(await prisma.user.findUnique({ where: { id: teamMate.id } })).toMatchObject({ isActive: true });

    const promoted = await patch(roles.agents.super, student.id, { role: "admin", adminType: "super" });
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({ role: "admin", adminType: "super" });
    const demoted = await patch(roles.agents.super, student.id, { role: "user" });
    expect(await demoted.json()).toMatchObject({ role: "user", adminType: null });
    expect((await patch(roles.agents.super, teamMate.id, { adminType: "super" })).status).toBe(200);
    expect((await remove(roles.agents.super, teamMate.id)).status).toBe(204);
  });

  test("a deactivated user's session ends at the next request and their sign-in is refused", async () => {
    const user = await makeUser();
    const { agent, response } = await signIn(user.username);
    expect(response.status).toBe(200);
    expect((await agent.call(currentUser, "/api/user")).status).toBe(200);

    const off = await patch(roles.agents.team, user.id, { isActive: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ isActive: false });
    expect((await agent.call(currentUser, "/api/user")).status).toBe(401);

    const again = await signIn(user.username);
    expect(again.response.status).toBe(403);
    expect((await again.response.json()).error).toMatch(/deactivated/);

    expect((await patch(roles.agents.team, user.id, { isActive: true })).status).toBe(200);
    expect((await signIn(user.username)).response.status).toBe(200);
  });

  test("a role change ends the account's sessions (the new role applies at the next sign-in)", async () => {
    const admin = await makeUser("team");
    const { agent } = await signIn(admin.username);
    expect((await agent.call(listUsers, "/api/users")).status).toBe(200);
    expect((await patch(roles.agents.super, admin.id, { role: "user" })).status).toBe(200);
    expect((await agent.call(listUsers, "/api/users")).status).toBe(401);
    const { agent: fresh } = await signIn(admin.username);
    expect((await fresh.call(listUsers, "/api/users")).status).toBe(403);
  });

  test("nobody deletes or deactivates themselves", async () => {
    for (const role of ["team", "super"] as const) {
      const id = roles.ids[role];
      const deleted = await remove(roles.agents[role], id);
      expect(deleted.status).toBe(422);
      expect((await deleted.json()).error).toBe("You cannot delete your own account.");
      expect((await patch(roles.agents[role], id, { isActive: false })).status).toBe(422);
      expect(await prisma.user.findUnique({ where: { id } })).toMatchObject({ isActive: true });
    }
  });

  test("bad input: 400; unknown user: 404", async () => {
    const user = await makeUser();
    expect((await patch(roles.agents.super, user.id, {})).status).toBe(400);
    expect((await patch(roles.agents.super, user.id, { isActive: "no" })).status).toBe(400);
    expect((await patch(roles.agents.super, 2_000_000_000, { isActive: false })).status).toBe(404);
    expect((await remove(roles.agents.super, 2_000_000_000)).status).toBe(404);
    const badId = await roles.agents.super.call(deleteUser, "/api/users/abc", {
      method: "DELETE",
      params: { id: "abc" },
    });
    expect(badId.status).toBe(400);
  });
});
