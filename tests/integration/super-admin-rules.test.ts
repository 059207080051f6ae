import { DELETE as deleteUser, PATCH as patchUser } from "@/app/api/users/[id]/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/settings/route";
import { migrate } from "@/lib/db/migrate.server";
import { prisma } from "@/lib/db/client.server";
import { DEFAULT_DECIDE_BY_WORKING_DAYS } from "@/lib/settings/constants";
import {
  DEFAULT_PLATFORM_NAME,
  getDecideByWorkingDays,
  getPlatformName,
} from "@/lib/settings/queries.server";
import { changedSinceOpened } from "@/lib/validation/common";
import type { Agent } from "../support/agent";
import { createScratchDatabase, SCRATCH_DATABASE_TIMEOUT, type ScratchDatabase } from "../support/databases";
import { cleanup, createUser } from "../support/factories";
import { signIn } from "../support/roles";

// The rules that depend on every super admin, and the platform name, on a database of this file's
// own: here the super admins are the test's (the shared database has the seeded ones, and other
// files render the platform name while these run).

let scratch: ScratchDatabase;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  await migrate(scratch.url);
  // The app's Prisma client is created on first use, from DATABASE_URL: this file's database.
  process.env.DATABASE_URL = scratch.url;
}, 120_000);

afterAll(async () => {
  await prisma?.$disconnect();
  await scratch?.drop();
}, SCRATCH_DATABASE_TIMEOUT);

afterEach(async () => {
  await cleanup();
  await prisma.setting.deleteMany();
});

async function makeSignedInAdmin(name: string, adminType: "super" | "team") {
  const user = await createUser({
    role: adminType,
    username: name,
    email: `${name}@example.com`,
    fullName: `${name[0].toUpperCase()}${name.slice(1)} Admin`,
  });
  return { user, agent: await signIn(name) };
}

const patch = (agent: Agent, id: number, json: unknown) =>
  agent.call(patchUser, `/api/users/${id}`, { method: "PATCH", json, params: { id: String(id) } });
const remove = (agent: Agent, id: number) =>
  agent.call(deleteUser, `/api/users/${id}`, { method: "DELETE", params: { id: String(id) } });

const activeSuperAdmins = () =>
  prisma.user.count({ where: { role: "admin", adminType: "super", isActive: true } });

describe("the last active super admin", () => {
  test("cannot step down; can once another super admin exists", async () => {
    const alice = await makeSignedInAdmin("alice", "super");
    const tom = await makeSignedInAdmin("tom", "team");

    for (const change of [{ adminType: "team" }, { role: "user" }]) {
      const refused = await patch(alice.agent, alice.user.id, change);
      expect(refused.status).toBe(409);
      expect((await refused.json()).error).toBe(
        "Alice Admin is the last active super admin and cannot be demoted. Make another super admin first.",
      );
    }
    expect(await activeSuperAdmins()).toBe(1);

    expect((await patch(alice.agent, tom.user.id, { adminType: "super" })).status).toBe(200);
    const stepDown = await patch(alice.agent, alice.user.id, { adminType: "team" });
    expect(stepDown.status).toBe(200);
    expect(await stepDown.json()).toMatchObject({ role: "admin", adminType: "team" });
    // Her session carried the old access level: it has ended.
    expect((await patch(alice.agent, tom.user.id, { isActive: false })).status).toBe(401);
    expect(await activeSuperAdmins()).toBe(1);
  });

  test("deactivating or deleting another super admin is allowed while one remains", async () => {
    const alice = await makeSignedInAdmin("alice", "super");
    const bob = await makeSignedInAdmin("bob", "super");
    expect((await patch(alice.agent, bob.user.id, { isActive: false })).status).toBe(200);
    expect((await patch(alice.agent, bob.user.id, { isActive: true })).status).toBe(200);
    expect((await remove(alice.agent, bob.user.id)).status).toBe(204);
    expect(await activeSuperAdmins()).toBe(1);
  });

  test.each([
    ["delete each other", (agent: Agent, id: number) => remove(agent, id)],
    ["deactivate each other", (agent: Agent, id: number) => patch(agent, id, { isActive: false })],
    ["demote each other", (agent: Agent, id: number) => patch(agent, id, { role: "user" })],
  ])("two super admins who %s at the same time leave one", async (_name, act) => {
    const alice = await makeSignedInAdmin("alice", "super");
    const bob = await makeSignedInAdmin("bob", "super");
    const statuses = (await Promise.all([act(alice.agent, bob.user.id), act(bob.agent, alice.user.id)])).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s < 300)).toHaveLength(1);
    // The other one is refused: signed out (401) if the first one won before it was checked at
    // all, or, having waited for the first one's lock, no longer a super admin (403) or facing
    // the last one (409).
    expect(statuses.filter((s) => [401, 403, 409].includes(s))).toHaveLength(1);
    expect(await activeSuperAdmins()).toBe(1);
  });
});

describe("the platform name", () => {
  test("is saved trimmed and read back by the API and the pages' reader", async () => {
    const { agent } = await makeSignedInAdmin("alice", "super");
    expect(await getPlatformName()).toBe(DEFAULT_PLATFORM_NAME);

    const saved = await agent.call(patchSettings, "/api/settings", {
      method: "PATCH",
      json: { platformName: "  Campus Compass  " },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      platformName: "Campus Compass",
      version: 1,
      decideByWorkingDays: DEFAULT_DECIDE_BY_WORKING_DAYS,
      decideByWorkingDaysVersion: 0,
    });
    const read = await (await agent.call(getSettings, "/api/settings")).json();
    expect(read.platformName).toBe("Campus Compass");
    // getPlatformName is cached per request (React cache); outside one it reads afresh.
    expect(await getPlatformName()).toBe("Campus Compass");
  });

  test("two forms opened at one version: the second save is refused, the first kept", async () => {
    const { agent } = await makeSignedInAdmin("bruno", "super");
    const save = (json: unknown) => agent.call(patchSettings, "/api/settings", { method: "PATCH", json });
    const audited = () => prisma.auditEvent.count({ where: { entityType: "setting" } });
    expect((await (await agent.call(getSettings, "/api/settings")).json()).version).toBe(0);

    // Never saved yet (version 0): the first save creates the row, a second one based on 0 is stale.
    expect((await save({ platformName: "First Name", version: 0 })).status).toBe(200);
    const before = await audited();
    const stale = await save({ platformName: "Second Name", version: 0 });
    expect(stale.status).toBe(409);
    const message = changedSinceOpened("setting");
    expect(await stale.json()).toMatchObject({ error: message, fieldErrors: { version: [message] } });

    const third = await save({ platformName: "Third Name", version: 1 });
    expect(third.status).toBe(200);
    expect(await third.json()).toMatchObject({ platformName: "Third Name", version: 2 });
    expect(await save({ platformName: "Fourth Name", version: 1 })).toHaveProperty("status", 409);
    expect(await prisma.setting.findUniqueOrThrow({ where: { key: "platformName" } })).toMatchObject({
      value: "Third Name",
      version: 2,
    });
    expect(await audited()).toBe(before + 1);
  });
});

describe("the working days to decide", () => {
  test("default to 20; saved alone or with the name, each setting checked against its own version", async () => {
    const { agent } = await makeSignedInAdmin("carla", "super");
    const save = (json: unknown) => agent.call(patchSettings, "/api/settings", { method: "PATCH", json });
    expect(await getDecideByWorkingDays()).toBe(DEFAULT_DECIDE_BY_WORKING_DAYS);
    expect(await (await agent.call(getSettings, "/api/settings")).json()).toMatchObject({
      decideByWorkingDays: 20,
      decideByWorkingDaysVersion: 0,
    });

    // The form sends what changed, as text; an API client a number.
    const saved = await save({ decideByWorkingDays: "15", decideByWorkingDaysVersion: 0 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      platformName: DEFAULT_PLATFORM_NAME,
      version: 0,
      decideByWorkingDays: 15,
      decideByWorkingDaysVersion: 1,
    });
    expect(await getDecideByWorkingDays()).toBe(15);

    // A colleague's form opened before that save changes only the name: it is not refused.
    expect((await save({ platformName: "Campus Compass", version: 0 })).status).toBe(200);
    const stale = await save({ decideByWorkingDays: 25, decideByWorkingDaysVersion: 0 });
    expect(stale.status).toBe(409);
    // Both at once: all or nothing.
    const half = await save({
      platformName: "Other Name",
      version: 1,
      decideByWorkingDays: 30,
      decideByWorkingDaysVersion: 0,
    });
    expect(half.status).toBe(409);
    expect(await getPlatformName()).toBe("Campus Compass");
    expect(await getDecideByWorkingDays()).toBe(15);

    const audit = await prisma.auditEvent.findFirst({
      where: { entityType: "setting", entityId: "decideByWorkingDays" },
      select: { summary: true, after: true },
    });
    expect(audit).toEqual({ summary: "Working days to decide", after: { value: "15" } });
  });

  test("bad values are a 400 naming the field, and change nothing", async () => {
    const { agent } = await makeSignedInAdmin("dario", "super");
    for (const value of [0, 121, 1.5, "twenty"]) {
      const response = await agent.call(patchSettings, "/api/settings", {
        method: "PATCH",
        json: { decideByWorkingDays: value },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).fieldErrors).toEqual({
        decideByWorkingDays: ["Working days to decide must be a whole number from 1 to 120"],
      });
    }
    const empty = await agent.call(patchSettings, "/api/settings", { method: "PATCH", json: {} });
    expect(empty.status).toBe(400);
    expect(await prisma.setting.count()).toBe(0);
  });
});
