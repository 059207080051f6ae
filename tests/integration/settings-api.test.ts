import { DELETE as deleteField } from "@/app/api/settings/study-fields/[id]/route";
import { GET as listFields, POST as addField } from "@/app/api/settings/study-fields/route";
import { DELETE as deleteLevel } from "@/app/api/settings/study-levels/[id]/route";
import { GET as listLevels, POST as addLevel } from "@/app/api/settings/study-levels/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/settings/route";
import { prisma } from "@/lib/db/client.server";
import { listStudyFields, listStudyLevels } from "@/lib/settings/queries.server";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createStudyField,
  createStudyLevel,
  createUniversity,
  remember,
  uniqueTag,
} from "../support/factories";
import { ROLES, signInEachRole, type RoleAgents, type RoleName } from "../support/roles";

// The settings endpoints on the shared database: super admins only, and the study
// lists' rules. Saving another platform name is tested on a database of its own
// (super-admin-rules.test.ts): other test files render it meanwhile.

const tag = uniqueTag();
let roles: RoleAgents;

beforeAll(async () => {
  roles = await signInEachRole(`${tag}r`);
});

afterAll(cleanup);

const onlySuper = (ok: number): Record<RoleName, number> => ({
  anonymous: 401,
  student: 403,
  team: 403,
  super: ok,
});

const lists = [
  {
    list: "study-levels",
    add: addLevel,
    get: listLevels,
    remove: deleteLevel,
    model: "studyLevel",
    make: createStudyLevel,
  },
  {
    list: "study-fields",
    add: addField,
    get: listFields,
    remove: deleteField,
    model: "studyField",
    make: createStudyField,
  },
] as const;

describe("role matrix: super admins only", () => {
  test.each(ROLES)("GET /api/settings as %s", async (role) => {
    const response = await roles.agents[role].call(getSettings, "/api/settings");
    expect(response.status).toBe(onlySuper(200)[role]);
    const body = await response.json();
    if (role === "team") expect(body.error).toBe("Only super admins can do this.");
    if (role === "super") {
      expect(typeof body.platformName).toBe("string");
      expect(body.studyLevels.map((l: { name: string }) => l.name)).toEqual(
        expect.arrayContaining(["Bachelor's", "Master's", "PhD"]),
      );
      expect(body.studyFields.length).toBeGreaterThan(0);
    }
  });

  test.each(ROLES)("PATCH /api/settings as %s (saving the current name)", async (role) => {
    const current =
      (await prisma.setting.findUnique({ where: { key: "platformName" } }))?.value ?? "UniSearch";
    const response = await roles.agents[role].call(patchSettings, "/api/settings", {
      method: "PATCH",
      json: { platformName: current },
    });
    expect(response.status).toBe(onlySuper(200)[role]);
  });

  describe.each(lists)("$list", ({ list, add, get, remove, model, make }) => {
    test.each(ROLES)("GET, POST and DELETE as %s", async (role) => {
      const agent: Agent = roles.agents[role];
      expect((await agent.call(get, `/api/settings/${list}`)).status).toBe(onlySuper(200)[role]);
      const name = `Matrix ${role} ${tag}`;
      const created = await agent.call(add, `/api/settings/${list}`, { json: { name } });
      expect(created.status).toBe(onlySuper(201)[role]);
      const delegate = prisma[model] as typeof prisma.studyLevel;
      const row = await delegate.findUnique({ where: { name } });
      expect(Boolean(row)).toBe(role === "super");
      const target = row ?? (await make(name));
      const deleted = await agent.call(remove, `/api/settings/${list}/${target.id}`, {
        method: "DELETE",
        params: { id: String(target.id) },
      });
      expect(deleted.status).toBe(onlySuper(204)[role]);
      expect(Boolean(await delegate.findUnique({ where: { id: target.id } }))).toBe(role !== "super");
    });
  });
});

describe("study lists", () => {
  test("a new level goes to the end of the list the program form reads; a duplicate is a 409", async () => {
    const name = `Diploma ${tag}`;
    const response = await roles.agents.super.call(addLevel, "/api/settings/study-levels", {
      json: { name: `  ${name}  ` },
    });
    expect(response.status).toBe(201);
    expect(await remember("studyLevel", await response.json())).toMatchObject({ name, programs: 0 });
    expect((await listStudyLevels()).at(-1)).toBe(name);

    const duplicate = await roles.agents.super.call(addLevel, "/api/settings/study-levels", {
      json: { name: name.toUpperCase() },
    });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).fieldErrors.name[0]).toMatch(/already exists/);
  });

  test("a value in use by programs cannot be deleted, and the answer says how many use it", async () => {
    const level = await createStudyLevel(`Foundation ${tag}`);
    const field = await createStudyField(`Oceanography ${tag}`);
    const university = await createUniversity({
      name: `Settings ${tag} University`,
      programs: [
        { name: `Sea ${tag}`, degree: "BSc", level: level.name, field: field.name },
        { name: `Sky ${tag}`, degree: "BA", level: level.name, field: "Business" },
      ],
    });
    const refusedLevel = await roles.agents.super.call(
      deleteLevel,
      `/api/settings/study-levels/${level.id}`,
      {
        method: "DELETE",
        params: { id: String(level.id) },
      },
    );
    expect(refusedLevel.status).toBe(409);
    expect((await refusedLevel.json()).error).toBe(
      `"Foundation ${tag}" cannot be deleted: 2 programs use it. Change those programs first.`,
    );
    const refusedField = await roles.agents.super.call(
      deleteField,
      `/api/settings/study-fields/${field.id}`,
      {
        method: "DELETE",
        params: { id: String(field.id) },
      },
    );
    expect(refusedField.status).toBe(409);
    expect((await refusedField.json()).error).toMatch(/1 program uses it/);
    expect(await listStudyFields()).toContain(field.name);

    const listed = await (await roles.agents.super.call(listLevels, "/api/settings/study-levels")).json();
    expect(listed.find((l: { id: number }) => l.id === level.id)).toMatchObject({ programs: 2 });

    await prisma.university.delete({ where: { id: university.id } });
    const allowed = await roles.agents.super.call(deleteLevel, `/api/settings/study-levels/${level.id}`, {
      method: "DELETE",
      params: { id: String(level.id) },
    });
    expect(allowed.status).toBe(204);
  });

  test("bad names and unknown ids", async () => {
    const blank = await roles.agents.super.call(addField, "/api/settings/study-fields", {
      json: { name: " " },
    });
    expect(blank.status).toBe(400);
    expect((await blank.json()).fieldErrors).toEqual({ name: ["Study field name is required"] });
    const missing = await roles.agents.super.call(deleteField, "/api/settings/study-fields/2000000000", {
      method: "DELETE",
      params: { id: "2000000000" },
    });
    expect(missing.status).toBe(404);
  });

  test("an invalid platform name is a 400 and changes nothing", async () => {
    const before = await prisma.setting.findUnique({ where: { key: "platformName" } });
    const response = await roles.agents.super.call(patchSettings, "/api/settings", {
      method: "PATCH",
      json: { platformName: "x".repeat(61) },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      platformName: ["Platform name must be at most 60 characters"],
    });
    expect(await prisma.setting.findUnique({ where: { key: "platformName" } })).toEqual(before);
  });
});
