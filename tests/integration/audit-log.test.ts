import { GET as auditRoute } from "@/app/api/audit/route";
import { PATCH as reviewRoute } from "@/app/api/applications/[id]/route";
import { DELETE as deleteProgramRoute, PATCH as patchProgramRoute } from "@/app/api/programs/[id]/route";
import { POST as restoreProgramRoute } from "@/app/api/programs/[id]/restore/route";
import { POST as createProgramRoute } from "@/app/api/programs/route";
import { PATCH as patchSettingsRoute } from "@/app/api/settings/route";
import { DELETE as deleteLevelRoute } from "@/app/api/settings/study-levels/[id]/route";
import { POST as addLevelRoute } from "@/app/api/settings/study-levels/route";
import {
  DELETE as deleteUniversityRoute,
  PATCH as patchUniversityRoute,
} from "@/app/api/universities/[id]/route";
import { POST as restoreUniversityRoute } from "@/app/api/universities/[id]/restore/route";
import { POST as createUniversityRoute } from "@/app/api/universities/route";
import { DELETE as deleteUserRoute, PATCH as patchUserRoute } from "@/app/api/users/[id]/route";
import { POST as createUserRoute } from "@/app/api/users/route";
import { prisma } from "@/lib/db/client.server";
import { createUniversity as createUniversityCommand } from "@/lib/universities/commands.server";
import { universitySchema } from "@/lib/validation/university";
import type { Agent } from "../support/agent";
import { programFormBody } from "../support/program-body";
import {
  cleanup,
  createApplication,
  createStudent,
  createUniversity,
  remember,
  uniqueTag,
  TEST_PASSWORD,
} from "../support/factories";
import { ROLES, signInEachRole, type RoleAgents } from "../support/roles";

// Every admin write leaves exactly one audit entry (who, when, what, before/after),
// written in the write's transaction, so a refused write leaves none; super admins read the log.

const tag = uniqueTag();
let roles: RoleAgents;
let admin: Agent;

beforeAll(async () => {
  roles = await signInEachRole(`au${tag}`);
  admin = roles.agents.super;
});

afterAll(cleanup);

const idParams = (id: number) => ({ params: { id: String(id) } });

/** The audit entries our super admin made after `sinceId`, oldest first. */
async function entriesSince(sinceId: number) {
  return prisma.auditEvent.findMany({
    where: { id: { gt: sinceId }, actorId: roles.ids.super },
    orderBy: { id: "asc" },
  });
}

async function lastId() {
  const row = await prisma.auditEvent.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
  return row?.id ?? 0;
}

/** Runs a write that should succeed, and returns the one entry it recorded. */
async function oneEntry(write: () => Promise<Response>, status: number) {
  const since = await lastId();
  const response = await write();
  expect(response.status).toBe(status);
  const entries = await entriesSince(since);
  expect(entries).toHaveLength(1);
  return { entry: entries[0], response };
}

/** Runs a write that should be refused, and checks that it recorded nothing. */
async function noEntry(write: () => Promise<Response>, status: number) {
  const since = await lastId();
  expect((await write()).status).toBe(status);
  expect(await entriesSince(since)).toEqual([]);
}

const universityBody = (name: string, country = "New Zealand") => ({
  name,
  country,
  description: `${name} is audited.`,
  mainImage: null,
  images: [],
  ranking: 500,
  rankingSource: "QS",
  rankingYear: 2026,
});

const programBody = (universityId: number, name: string) =>
  programFormBody(universityId, name, "Audited studies.");

describe("universities and programs", () => {
  test("create, update, archive, restore and delete each record one entry with before and after", async () => {
    const name = `Audit ${tag} University`;
    const { entry: created, response } = await oneEntry(
      () => admin.call(createUniversityRoute, "/api/universities", { json: universityBody(name) }),
      201,
    );
    const university = remember("university", await response.json());
    expect(created).toMatchObject({
      actorName: "Role super",
      action: "university.create",
      entityType: "university",
      entityId: String(university.id),
      summary: name,
      before: null,
      after: { name, country: "New Zealand", ranking: 500, archivedAt: null },
    });

    const { entry: updated } = await oneEntry(
      () =>
        admin.call(patchUniversityRoute, `/api/universities/${university.id}`, {
          method: "PATCH",
          json: universityBody(`${name} Renamed`),
          ...idParams(university.id),
        }),
      200,
    );
    expect(updated.action).toBe("university.update");
    expect(updated.before).toMatchObject({ name });
    expect(updated.after).toMatchObject({ name: `${name} Renamed` });

    const { entry: programCreated, response: programResponse } = await oneEntry(
      () =>
        admin.call(createProgramRoute, "/api/programs", {
          json: programBody(university.id, `Audit ${tag} Law`),
        }),
      201,
    );
    const program = remember("program", await programResponse.json());
    expect(programCreated).toMatchObject({
      action: "program.create",
      entityId: String(program.id),
      summary: `Audit ${tag} Law at ${name} Renamed`,
      after: { name: `Audit ${tag} Law`, tuition: "12000.00", university: `${name} Renamed` },
    });

    const { entry: programUpdated } = await oneEntry(
      () =>
        admin.call(patchProgramRoute, `/api/programs/${program.id}`, {
          method: "PATCH",
          json: { ...programBody(university.id, `Audit ${tag} Law`), tuition: "13,000.00" },
          ...idParams(program.id),
        }),
      200,
    );
    expect(programUpdated.action).toBe("program.update");
    expect(programUpdated.before).toMatchObject({ tuition: "12000.00" });
    expect(programUpdated.after).toMatchObject({ tuition: "13000.00" });

    const student = await createStudent();
    await createApplication({ userId: student.id, programId: program.id });
    const removeProgram = () =>
      admin.call(deleteProgramRoute, `/api/programs/${program.id}`, {
        method: "DELETE",
        ...idParams(program.id),
      });
    const { entry: archived } = await oneEntry(removeProgram, 200);
    expect(archived).toMatchObject({
      action: "program.archive",
      before: { archivedAt: null },
      after: { archivedAt: expect.any(String), applicationsKept: 1 },
    });
    const { entry: restored } = await oneEntry(
      () =>
        admin.call(restoreProgramRoute, `/api/programs/${program.id}/restore`, {
          method: "POST",
          ...idParams(program.id),
        }),
      200,
    );
    expect(restored).toMatchObject({ action: "program.restore", after: { archivedAt: null } });

    const removeUniversity = () =>
      admin.call(deleteUniversityRoute, `/api/universities/${university.id}`, {
        method: "DELETE",
        ...idParams(university.id),
      });
    const { entry: universityArchived } = await oneEntry(removeUniversity, 200);
    expect(universityArchived).toMatchObject({
      action: "university.archive",
      after: { applicationsKept: 1, programsArchived: 1 },
    });
    const { entry: universityRestored } = await oneEntry(
      () =>
        admin.call(restoreUniversityRoute, `/api/universities/${university.id}/restore`, {
          method: "POST",
          ...idParams(university.id),
        }),
      200,
    );
    expect(universityRestored).toMatchObject({
      action: "university.restore",
      after: { programsRestored: 1 },
    });
  });

  test("hard deletes record the row as it was", async () => {
    const university = await createUniversity({
      name: `Gone ${tag} University`,
      programs: [{ name: `Gone ${tag} Law`, degree: "LLB" }],
    });
    const program = university.programs[0];
    const { entry: programDeleted } = await oneEntry(
      () =>
        admin.call(deleteProgramRoute, `/api/programs/${program.id}`, {
          method: "DELETE",
          ...idParams(program.id),
        }),
      204,
    );
    expect(programDeleted).toMatchObject({
      action: "program.delete",
      before: { name: `Gone ${tag} Law` },
      after: null,
    });
    const { entry: universityDeleted } = await oneEntry(
      () =>
        admin.call(deleteUniversityRoute, `/api/universities/${university.id}`, {
          method: "DELETE",
          ...idParams(university.id),
        }),
      204,
    );
    expect(universityDeleted).toMatchObject({
      action: "university.delete",
      before: { name: university.name },
    });
  });

  test("refused writes record nothing", async () => {
    await noEntry(
      () =>
        admin.call(createUniversityRoute, "/api/universities", {
          json: universityBody(`No ${tag}`, "Atlantis"),
        }),
      400,
    );
    await noEntry(
      () =>
        admin.call(deleteProgramRoute, "/api/programs/2147483000", {
          method: "DELETE",
          ...idParams(2_147_483_000),
        }),
      404,
    );
    await noEntry(
      () =>
        admin.call(patchUniversityRoute, "/api/universities/2147483000", {
          method: "PATCH",
          json: universityBody(`No ${tag}`),
          ...idParams(2_147_483_000),
        }),
      404,
    );
  });
});

test("a change whose audit entry cannot be written is not saved either (one transaction)", async () => {
  // An actor id with no account: the entry's foreign key refuses it, after the university was inserted.
  const ghost = { id: 2_147_483_000, fullName: "Ghost" };
  const name = `Unrecorded ${tag} University`;
  await expect(
    createUniversityCommand(ghost, universitySchema.parse(universityBody(name))),
  ).rejects.toThrow();
  expect(await prisma.university.count({ where: { name } })).toBe(0);
});

describe("applications, users and settings", () => {
  test("a status change records the status before and after, with the note", async () => {
    const university = await createUniversity({ programs: [{ name: `Review ${tag}`, degree: "MSc" }] });
    const student = await createStudent({ fullName: `Student ${tag}` });
    const application = await createApplication({ userId: student.id, programId: university.programs[0].id });
    const review = (status: string) =>
      admin.call(reviewRoute, `/api/applications/${application.id}`, {
        method: "PATCH",
        json: { status, note: "Looks good" },
        ...idParams(application.id),
      });
    const { entry } = await oneEntry(() => review("in-review"), 200);
    expect(entry).toMatchObject({
      action: "application.status",
      entityType: "application",
      entityId: String(application.id),
      summary: `Student ${tag}: Review ${tag} at ${university.name}`,
      before: { status: "pending" },
      after: { status: "in-review", note: "Looks good" },
    });
    // pending is not reachable from in-review: refused, nothing recorded.
    await noEntry(() => review("pending"), 409);
  });

  test("account create, status, access and delete are recorded, never with a password", async () => {
    const username = `audited_${tag}`;
    const { entry: created, response } = await oneEntry(
      () =>
        admin.call(createUserRoute, "/api/users", {
          json: {
            username,
            email: `${username}@example.test`,
            fullName: `Audited ${tag}`,
            password: TEST_PASSWORD,
            confirmPassword: TEST_PASSWORD,
            role: "user",
          },
        }),
      201,
    );
    const user = remember("user", await response.json());
    expect(created).toMatchObject({
      action: "user.create",
      after: { username, role: "user", adminType: null, isActive: true },
    });
    expect(JSON.stringify(created)).not.toMatch(/password|\$argon/i);

    const patch = (json: unknown) =>
      admin.call(patchUserRoute, `/api/users/${user.id}`, { method: "PATCH", json, ...idParams(user.id) });
    const { entry: deactivated } = await oneEntry(() => patch({ isActive: false }), 200);
    expect(deactivated).toMatchObject({
      action: "user.status",
      before: { isActive: true },
      after: { isActive: false },
    });
    const { entry: promoted } = await oneEntry(() => patch({ role: "admin", adminType: "team" }), 200);
    expect(promoted).toMatchObject({
      action: "user.access",
      before: { role: "user", adminType: null },
      after: { role: "admin", adminType: "team" },
    });
    // Nobody deletes themselves: refused, nothing recorded.
    await noEntry(
      () =>
        admin.call(deleteUserRoute, `/api/users/${roles.ids.super}`, {
          method: "DELETE",
          ...idParams(roles.ids.super),
        }),
      422,
    );
    const { entry: deleted } = await oneEntry(
      () => admin.call(deleteUserRoute, `/api/users/${user.id}`, { method: "DELETE", ...idParams(user.id) }),
      204,
    );
    expect(deleted).toMatchObject({ action: "user.delete", before: { username }, after: null });
  });

  test("the platform name and the study lists are recorded", async () => {
    const current =
      (await prisma.setting.findUnique({ where: { key: "platformName" } }))?.value ?? "UniSearch";
    const { entry: setting } = await oneEntry(
      () =>
        admin.call(patchSettingsRoute, "/api/settings", { method: "PATCH", json: { platformName: current } }),
      200,
    );
    expect(setting).toMatchObject({
      action: "setting.update",
      entityId: "platformName",
      after: { value: current },
    });

    const { entry: added, response } = await oneEntry(
      () => admin.call(addLevelRoute, "/api/settings/study-levels", { json: { name: `Level ${tag}` } }),
      201,
    );
    const level = remember("studyLevel", await response.json());
    expect(added).toMatchObject({ action: "studyLevel.create", after: { name: `Level ${tag}` } });
    await noEntry(
      () => admin.call(addLevelRoute, "/api/settings/study-levels", { json: { name: `Level ${tag}` } }),
      409,
    );
    const { entry: removed } = await oneEntry(
      () =>
        admin.call(deleteLevelRoute, `/api/settings/study-levels/${level.id}`, {
          method: "DELETE",
          ...idParams(level.id),
        }),
      204,
    );
    expect(removed).toMatchObject({ action: "studyLevel.delete", before: { name: `Level ${tag}` } });
  });
});

describe("GET /api/audit", () => {
  test.each(ROLES)("as %s", async (role) => {
    const response = await roles.agents[role].call(
      auditRoute,
      `/api/audit?q=${encodeURIComponent("Role super")}`,
      {
        method: "GET",
      },
    );
    const expected = { anonymous: 401, student: 403, team: 403, super: 200 }[role];
    expect(response.status).toBe(expected);
  });

  test("newest first, filtered by type, action and admin", async () => {
    const get = async (query: string) => {
      const response = await admin.call(auditRoute, `/api/audit?${query}`, { method: "GET" });
      expect(response.status).toBe(200);
      return {
        items: (await response.json()) as { id: number; action: string }[],
        total: response.headers.get("X-Total-Count"),
      };
    };
    const mine = await get(`actorId=${roles.ids.super}&limit=500`);
    expect(mine.items.length).toBeGreaterThan(5);
    const ids = mine.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const levels = await get(`actorId=${roles.ids.super}&entityType=studyLevel`);
    expect(levels.items.map((item) => item.action)).toEqual(["studyLevel.delete", "studyLevel.create"]);
    const deletes = await get(`actorId=${roles.ids.super}&action=user.delete`);
    expect(deletes.items).toHaveLength(1);
    expect((await admin.call(auditRoute, "/api/audit?action=nope", { method: "GET" })).status).toBe(400);
  });
});
