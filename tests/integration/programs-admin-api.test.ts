import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from "@/app/api/programs/[id]/route";
import { POST as createRoute } from "@/app/api/programs/route";
import { prisma } from "@/lib/db/client.server";
import { createProgram } from "@/lib/programs/commands.server";
import { deleteStudyItem } from "@/lib/settings/commands.server";
import { programSchema } from "@/lib/validation/program";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createApplication,
  createProgram as insertProgram,
  createStudent,
  createStudyField,
  createStudyLevel,
  createUniversity,
  uniqueTag,
} from "../support/factories";
import { signInEachRole, type RoleAgents } from "../support/roles";

// POST /api/programs, PATCH and DELETE /api/programs/{id}: admins only, bodies checked
// with the program form's schema (study levels and fields from the database), nothing written on
// a refusal; a program with applications is archived instead of deleted (archive.test.ts).

const tag = uniqueTag();
let roles: RoleAgents;
let university: Awaited<ReturnType<typeof createUniversity>>;

const DAY_MS = 86_400_000;
const future = (days: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS);
};

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: `Quantum ${tag} Studies`,
    universityId: String(university.id),
    level: "Master's",
    field: "Natural Science",
    degree: "MSc",
    duration: "2",
    tuition: "12,345.60",
    deadline: future(60).toISOString(),
    description: "Qubits, error correction and a thesis.",
    ...overrides,
  };
}

const create = (agent: Agent, json: unknown) => agent.call(createRoute, "/api/programs", { json });
const patch = (agent: Agent, id: number | string, json: unknown) =>
  agent.call(patchRoute, `/api/programs/${id}`, { method: "PATCH", json, params: { id: String(id) } });
const remove = (agent: Agent, id: number | string) =>
  agent.call(deleteRoute, `/api/programs/${id}`, { method: "DELETE", params: { id: String(id) } });
/** The super admin, as the commands called directly record it in the audit log. */
const actor = () => ({ id: roles.ids.super, fullName: "Role super" });
const countTagged = () => prisma.program.count({ where: { name: { contains: tag } } });

beforeAll(async () => {
  roles = await signInEachRole(`pa${tag}`);
  university = await createUniversity({
    name: `Admin Programs ${tag} University`,
    programs: [{ name: `Existing ${tag} Law`, degree: "LLB", tuition: 9_000, duration: 3 }],
  });
});

afterAll(cleanup);

describe("who may write", () => {
  test("signed out: 401, student: 403, and nothing is written", async () => {
    const existing = university.programs[0];
    for (const [role, status] of [
      ["anonymous", 401],
      ["student", 403],
    ] as const) {
      const agent = roles.agents[role];
      expect((await create(agent, body({ name: `Refused ${tag} ${role}` }))).status).toBe(status);
      expect((await patch(agent, existing.id, body({ name: `Refused ${tag} ${role}` }))).status).toBe(status);
      expect((await remove(agent, existing.id)).status).toBe(status);
    }
    expect(await prisma.program.count({ where: { name: { startsWith: "Refused", contains: tag } } })).toBe(0);
    expect(await prisma.program.findUnique({ where: { id: existing.id } })).toMatchObject({
      name: existing.name,
    });
  });

  test.each(["team", "super"] as const)("a %s admin creates, updates and deletes a program", async (role) => {
    const agent = roles.agents[role];
    const created = await create(agent, body({ name: `Created ${tag} by ${role}` }));
    expect(created.status).toBe(201);
    const program = await created.json();
    expect(program).toMatchObject({
      id: expect.any(Number),
      name: `Created ${tag} by ${role}`,
      universityId: university.id,
      level: "Master's",
      field: "Natural Science",
      degree: "MSc",
      duration: 2,
      tuition: "12345.60",
      deadline: future(60).toISOString(),
      description: "Qubits, error correction and a thesis.",
      university: { id: university.id, slug: university.slug },
    });

    const updated = await patch(
      agent,
      program.id,
      body({
        name: `Updated ${tag} by ${role}`,
        universityId: university.id,
        level: "PhD",
        field: "Mathematics",
        degree: "PhD",
        duration: 4,
        tuition: 0,
        deadline: future(90).toISOString(),
        description: "Now a doctorate.",
      }),
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      id: program.id,
      name: `Updated ${tag} by ${role}`,
      level: "PhD",
      field: "Mathematics",
      degree: "PhD",
      duration: 4,
      tuition: "0.00",
      deadline: future(90).toISOString(),
    });
    // What GET /api/programs/{id} (the edit form, the university page) reads.
    const read = await roles.agents.anonymous.call(getRoute, `/api/programs/${program.id}`, {
      params: { id: String(program.id) },
    });
    expect(await read.json()).toMatchObject({ name: `Updated ${tag} by ${role}`, tuition: "0.00" });

    const deleted = await remove(agent, program.id);
    expect(deleted.status).toBe(204);
    expect(await prisma.program.findUnique({ where: { id: program.id } })).toBeNull();
  });
});

describe("validation", () => {
  test("an empty body: 400 with SPEC's message on every field, nothing written", async () => {
    const before = await countTagged();
    const response = await create(roles.agents.super, {});
    expect(response.status).toBe(400);
    const { fieldErrors } = await response.json();
    expect(fieldErrors).toEqual({
      name: ["Program name is required"],
      universityId: ["University is required"],
      level: ["Study level is required"],
      field: ["Study field is required"],
      degree: ["Degree is required"],
      duration: ["Duration is required"],
      tuition: ["Please enter a valid amount (e.g., 12,000.00)"],
      deadline: ["Deadline is required"],
      description: ["Description is required"],
    });
    expect(await countTagged()).toBe(before);
  });

  test("malformed values: 400 with the field's message, nothing written", async () => {
    const before = await countTagged();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tuition: "12.345" }, "tuition", "Please enter a valid amount (e.g., 12,000.00)"],
      [{ tuition: "100,000,000.00" }, "tuition", "Tuition cannot exceed 99,999,999.99"],
      [{ duration: "7" }, "duration", "Duration must be one of: 1, 2, 3, 4, 5, 6 years"],
      [{ degree: "BIT" }, "degree", expect.stringMatching(/^Degree must be one of/) as unknown as string],
      [
        { deadline: "2027-03-15" },
        "deadline",
        expect.stringMatching(/^Enter the deadline as an ISO/) as never,
      ],
      [{ deadline: "2020-01-01T00:00:00.000Z" }, "deadline", "The deadline cannot be in the past"],
      [{ universityId: "abc" }, "universityId", "Please select a valid university"],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await create(roles.agents.team, body(overrides));
      expect(response.status).toBe(400);
      expect((await response.json()).fieldErrors).toEqual({ [field]: [message] });
    }
    const invalidJson = await roles.agents.team.call(createRoute, "/api/programs", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(invalidJson.status).toBe(400);
    expect(await countTagged()).toBe(before);
  });

  test("level and field must be in the database lists, which settings can change", async () => {
    const refused = await create(roles.agents.super, body({ level: "Diploma", field: "Astrology" }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      // Other files add levels of their own for a moment, after the seeded ones.
      level: [expect.stringMatching(/^Study level must be one of: Bachelor's, Master's, PhD\b/)],
      field: [expect.stringMatching(/^Study field must be one of: Art, Business, /)],
    });

    const level = `Diploma ${tag}`;
    const field = `Astrology ${tag}`;
    await createStudyLevel(level);
    await createStudyField(field);
    try {
      const accepted = await create(roles.agents.super, body({ name: `Listed ${tag}`, level, field }));
      expect(accepted.status).toBe(201);
      expect(await accepted.json()).toMatchObject({ level, field });
    } finally {
      await prisma.program.deleteMany({ where: { name: `Listed ${tag}` } });
      await prisma.studyLevel.deleteMany({ where: { name: level } });
      await prisma.studyField.deleteMany({ where: { name: field } });
    }
  });

  test("an unknown university: 400 with a field error on universityId, nothing written", async () => {
    const before = await countTagged();
    const response = await create(roles.agents.super, body({ universityId: 2_147_483_000 }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      requestId: expect.any(String),
      error: "Please select a valid university",
      fieldErrors: { universityId: ["Please select a valid university"] },
    });
    const existing = university.programs[0];
    const update = await patch(roles.agents.super, existing.id, body({ universityId: 2_147_483_000 }));
    expect(update.status).toBe(400);
    expect((await update.json()).fieldErrors).toEqual({ universityId: ["Please select a valid university"] });
    expect(await countTagged()).toBe(before);
    expect((await prisma.program.findUniqueOrThrow({ where: { id: existing.id } })).universityId).toBe(
      university.id,
    );
  });

  test("an invalid update leaves the program as it was", async () => {
    const existing = university.programs[0];
    const response = await patch(roles.agents.team, existing.id, body({ name: "", tuition: "1.234" }));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({
      name: ["Program name is required"],
      tuition: ["Please enter a valid amount (e.g., 12,000.00)"],
    });
    const row = await prisma.program.findUniqueOrThrow({ where: { id: existing.id } });
    expect(row.name).toBe(existing.name);
    expect(row.tuition.toFixed(2)).toBe("9000.00");
  });

  test("editing may keep a deadline that has passed but not set a new past one", async () => {
    const passed = new Date(Date.UTC(2024, 0, 15));
    const old = await insertProgram({
      universityId: university.id,
      name: `Old ${tag} Program`,
      level: "Bachelor's",
      field: "Art",
      degree: "BA",
      duration: 3,
      tuition: 100,
      deadline: passed,
    });
    const keep = await patch(
      roles.agents.team,
      old.id,
      body({ name: `Old ${tag} Renamed`, deadline: passed.toISOString() }),
    );
    expect(keep.status).toBe(200);
    const move = await patch(roles.agents.team, old.id, body({ deadline: "2024-01-16T00:00:00.000Z" }));
    expect(move.status).toBe(400);
    expect((await move.json()).fieldErrors).toEqual({ deadline: ["The deadline cannot be in the past"] });
  });
});

describe("missing programs", () => {
  test("PATCH, DELETE and GET of an unknown program: 404; a malformed id: 400", async () => {
    const admin = roles.agents.super;
    const patchMissing = await patch(admin, 2_147_483_000, body());
    expect(patchMissing.status).toBe(404);
    expect(await patchMissing.json()).toEqual({ requestId: expect.any(String), error: "Program not found" });
    expect((await remove(admin, 2_147_483_000)).status).toBe(404);
    expect((await patch(admin, "abc", body())).status).toBe(400);
    expect((await remove(admin, "0")).status).toBe(400);
    expect(await countTagged()).toBeGreaterThan(0);
  });
});

test("deleting a program nobody applied to deletes it with its drafts, and nothing else", async () => {
  const student = await createStudent();
  const created = await create(roles.agents.super, body({ name: `Doomed ${tag} Program` }));
  const doomed = await created.json();
  const kept = university.programs[0];
  const other = await createApplication({ userId: student.id, programId: kept.id });
  await prisma.applicationDraft.create({
    data: { userId: student.id, programId: doomed.id, data: { personalStatement: "A draft." } },
  });

  expect((await remove(roles.agents.team, doomed.id)).status).toBe(204);
  expect(await prisma.program.findUnique({ where: { id: doomed.id } })).toBeNull();
  expect(await prisma.applicationDraft.count({ where: { programId: doomed.id } })).toBe(0);
  expect(await prisma.application.findUnique({ where: { id: other.id } })).not.toBeNull();
  expect(await prisma.program.findUnique({ where: { id: kept.id } })).not.toBeNull();
  expect((await remove(roles.agents.team, doomed.id)).status).toBe(404);
});

test("deleting a program with applications archives it and keeps them", async () => {
  const student = await createStudent();
  const created = await create(roles.agents.super, body({ name: `Applied ${tag} Program` }));
  const program = await created.json();
  const application = await createApplication({ userId: student.id, programId: program.id });

  const response = await remove(roles.agents.team, program.id);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ archived: true, applicationsKept: 1 });
  expect(await prisma.application.findUnique({ where: { id: application.id } })).not.toBeNull();
  expect((await prisma.program.findUnique({ where: { id: program.id } }))?.archivedAt).toBeInstanceOf(Date);
});

test("a program saved while its study level is deleted: either the program or the delete is refused, never both pass", async () => {
  for (let round = 0; round < 3; round++) {
    const levelName = `Level ${tag} ${round}`;
    const level = await createStudyLevel(levelName);
    const schema = programSchema({ levels: [levelName], fields: ["Natural Science"] });
    const input = schema.parse(body({ name: `Race ${tag} ${round}`, level: levelName }));
    const [created, deleted] = await Promise.allSettled([
      createProgram(actor(), input),
      deleteStudyItem(actor(), "level", level.id),
    ]);
    const programs = await prisma.program.count({ where: { level: levelName } });
    const levelLeft = await prisma.studyLevel.count({ where: { name: levelName } });
    if (created.status === "fulfilled") {
      expect(deleted.status).toBe("rejected");
      expect([programs, levelLeft]).toEqual([1, 1]);
    } else {
      expect(deleted.status).toBe("fulfilled");
      expect((created.reason as { status?: number }).status).toBe(400);
      expect([programs, levelLeft]).toEqual([0, 0]);
    }
    await prisma.program.deleteMany({ where: { level: levelName } });
    await prisma.studyLevel.deleteMany({ where: { name: levelName } });
  }
});

test("a study level deleted after the form was checked refuses the program with a message on the field", async () => {
  const levelName = `Gone ${tag}`;
  const schema = programSchema({ levels: [levelName], fields: ["Natural Science"] });
  const input = schema.parse(body({ name: `Orphan ${tag}`, level: levelName }));
  await expect(createProgram(actor(), input)).rejects.toMatchObject({
    status: 400,
    fieldErrors: { level: [`"${levelName}" is no longer a study level: choose another`] },
  });
  expect(await prisma.program.count({ where: { name: `Orphan ${tag}` } })).toBe(0);
});
