import { PATCH as patchApplicationRoute } from "@/app/api/applications/[id]/route";
import { PATCH as patchProgramRoute } from "@/app/api/programs/[id]/route";
import { PATCH as patchUniversityRoute } from "@/app/api/universities/[id]/route";
import { PATCH as patchUserRoute } from "@/app/api/users/[id]/route";
import { prisma } from "@/lib/db/client.server";
import { changedSinceOpened } from "@/lib/validation/common";
import { PROGRAM_KEEPS_UNIVERSITY } from "@/lib/validation/program";
import type { Agent } from "../support/agent";
import { cleanup, createApplication, createStudent, createUniversity, uniqueTag } from "../support/factories";
import { signInEachRole, type RoleAgents } from "../support/roles";

// Edits based on an older version of a row (a second tab, a colleague who saved first) are refused
// with 409 instead of silently undoing what was saved since: nothing is written and the audit log
// gets no entry. A PATCH without a version writes as before (API clients of the original contract).

const tag = uniqueTag();
let roles: RoleAgents;

beforeAll(async () => {
  roles = await signInEachRole(`sw${tag}`);
});

afterAll(cleanup);

const auditCount = (entityType: string, entityId: number | string) =>
  prisma.auditEvent.count({ where: { entityType, entityId: String(entityId) } });

async function expectStale(response: Response, thing: string) {
  expect(response.status).toBe(409);
  const message = changedSinceOpened(thing);
  expect(await response.json()).toMatchObject({ error: message, fieldErrors: { version: [message] } });
}

describe("programs", () => {
  const patch = (agent: Agent, id: number, json: unknown) =>
    agent.call(patchProgramRoute, `/api/programs/${id}`, {
      method: "PATCH",
      json,
      params: { id: String(id) },
    });

  function formValues(program: { name: string; universityId: number; tuition: unknown }, changes = {}) {
    return {
      name: program.name,
      universityId: String(program.universityId),
      level: "Master's",
      field: "Business",
      degree: "MSc",
      duration: "2",
      tuition: String(program.tuition),
      deadline: new Date(Date.now() + 60 * 86_400_000).toISOString(),
      description: "A program edited in two tabs.",
      ...changes,
    };
  }

  test("two edits opened at one version: the second is refused, the first kept", async () => {
    const university = await createUniversity({
      programs: [{ name: `Tabs ${tag}`, degree: "MSc", tuition: 0 }],
    });
    const program = university.programs[0];
    expect(program.version).toBe(1);

    const first = await patch(
      roles.agents.team,
      program.id,
      formValues(program, { tuition: "4,500", version: 1 }),
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ tuition: "4500.00", version: 2 });
    const audited = await auditCount("program", program.id);

    const second = await patch(
      roles.agents.super,
      program.id,
      formValues(program, { name: `Renamed ${tag}`, version: 1 }),
    );
    await expectStale(second, "program");
    const saved = await prisma.program.findUniqueOrThrow({ where: { id: program.id } });
    expect({ name: saved.name, tuition: saved.tuition.toFixed(2), version: saved.version }).toEqual({
      name: `Tabs ${tag}`,
      tuition: "4500.00",
      version: 2,
    });
    expect(await auditCount("program", program.id)).toBe(audited);

    // Reloaded, the same edit is based on the saved version and goes through.
    const again = await patch(
      roles.agents.super,
      program.id,
      formValues(program, { name: `Renamed ${tag}`, tuition: "4500", version: 2 }),
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ name: `Renamed ${tag}`, tuition: "4500.00", version: 3 });
  });

  test("two saves at once based on one version: exactly one is written", async () => {
    const university = await createUniversity({ programs: [{ name: `Race ${tag}`, degree: "MSc" }] });
    const program = university.programs[0];
    const audited = await auditCount("program", program.id);
    const answers = await Promise.all(
      (["team", "super"] as const).map((role, index) =>
        patch(
          roles.agents[role],
          program.id,
          formValues(program, { tuition: String(1000 * (index + 1)), version: 1 }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await prisma.program.findUniqueOrThrow({ where: { id: program.id } })).version).toBe(2);
    expect(await auditCount("program", program.id)).toBe(audited + 1);
  });

  test("a PATCH without a version writes unconditionally and still counts the edit", async () => {
    const university = await createUniversity({ programs: [{ name: `Unversioned ${tag}`, degree: "MSc" }] });
    const program = university.programs[0];
    const response = await patch(roles.agents.team, program.id, formValues(program, { tuition: "100" }));
    expect(response.status).toBe(200);
    expect((await prisma.program.findUniqueOrThrow({ where: { id: program.id } })).version).toBe(2);
    const malformed = await patch(roles.agents.team, program.id, formValues(program, { version: "two" }));
    expect(malformed.status).toBe(400);
  });

  describe("a program with applications keeps its university", () => {
    test.each([
      ["an application", "application"],
      ["a draft", "draft"],
    ] as const)("with %s: 409 with the reason, nothing moved", async (_, kind) => {
      const from = await createUniversity({ programs: [{ name: `Kept ${kind} ${tag}`, degree: "MSc" }] });
      const to = await createUniversity();
      const program = from.programs[0];
      const student = await createStudent();
      if (kind === "application") await createApplication({ userId: student.id, programId: program.id });
      else
        await prisma.applicationDraft.create({
          data: { userId: student.id, programId: program.id, data: {} },
        });
      const audited = await auditCount("program", program.id);

      const response = await patch(
        roles.agents.team,
        program.id,
        formValues(program, { universityId: String(to.id), name: `Moved ${tag}`, version: 1 }),
      );
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        error: PROGRAM_KEEPS_UNIVERSITY,
        fieldErrors: { universityId: [PROGRAM_KEEPS_UNIVERSITY] },
      });
      const saved = await prisma.program.findUniqueOrThrow({ where: { id: program.id } });
      expect({ universityId: saved.universityId, name: saved.name, version: saved.version }).toEqual({
        universityId: from.id,
        name: program.name,
        version: 1,
      });
      expect(await auditCount("program", program.id)).toBe(audited);

      // Its other fields can still be edited.
      const edited = await patch(
        roles.agents.team,
        program.id,
        formValues(program, { name: `Edited ${tag}` }),
      );
      expect(edited.status).toBe(200);
    });

    test("a program nobody applied to moves", async () => {
      const from = await createUniversity({ programs: [{ name: `Free ${tag}`, degree: "MSc" }] });
      const to = await createUniversity();
      const program = from.programs[0];
      const response = await patch(
        roles.agents.team,
        program.id,
        formValues(program, { universityId: String(to.id) }),
      );
      expect(response.status).toBe(200);
      expect((await prisma.program.findUniqueOrThrow({ where: { id: program.id } })).universityId).toBe(
        to.id,
      );
    });
  });
});

describe("application status dialogs", () => {
  const patch = (agent: Agent, id: number, json: unknown) =>
    agent.call(patchApplicationRoute, `/api/applications/${id}`, {
      method: "PATCH",
      json,
      params: { id: String(id) },
    });

  test("two dialogs opened on Pending: the second is refused as stale, not as a move", async () => {
    const university = await createUniversity({ programs: [{ name: `Review ${tag}`, degree: "MSc" }] });
    const student = await createStudent();
    const application = await createApplication({ userId: student.id, programId: university.programs[0].id });

    const first = await patch(roles.agents.team, application.id, { status: "in-review", from: "pending" });
    expect(first.status).toBe(200);
    const audited = await auditCount("application", application.id);
    const events = await prisma.applicationEvent.count({ where: { applicationId: application.id } });

    const second = await patch(roles.agents.super, application.id, { status: "in-review", from: "pending" });
    await expectStale(second, "application");
    const third = await patch(roles.agents.super, application.id, {
      status: "sent-to-university",
      from: "pending",
    });
    await expectStale(third, "application");
    expect((await prisma.application.findUniqueOrThrow({ where: { id: application.id } })).status).toBe(
      "in_review",
    );
    expect(await auditCount("application", application.id)).toBe(audited);
    expect(await prisma.applicationEvent.count({ where: { applicationId: application.id } })).toBe(events);

    // Without `from` the move is checked against the status it has now, as before.
    const unconditional = await patch(roles.agents.super, application.id, { status: "in-review" });
    expect(unconditional.status).toBe(409);
    const malformed = await patch(roles.agents.super, application.id, { status: "rejected", from: "done" });
    expect(malformed.status).toBe(400);
  });
});

describe("universities", () => {
  const patch = (agent: Agent, id: number, json: unknown) =>
    agent.call(patchUniversityRoute, `/api/universities/${id}`, {
      method: "PATCH",
      json,
      params: { id: String(id) },
    });

  test("two edits opened at one version: the second is refused, the first kept", async () => {
    const university = await createUniversity({ name: `Stale ${tag} University` });
    const form = { name: university.name, country: "New Zealand", description: "Edited in two tabs." };

    const first = await patch(roles.agents.team, university.id, {
      ...form,
      ranking: 12,
      rankingSource: "QS",
      version: 1,
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ ranking: 12, version: 2 });
    const audited = await auditCount("university", university.id);

    const second = await patch(roles.agents.super, university.id, {
      ...form,
      name: `Renamed ${tag} University`,
      version: 1,
    });
    await expectStale(second, "university");
    const saved = await prisma.university.findUniqueOrThrow({ where: { id: university.id } });
    expect({ name: saved.name, slug: saved.slug, ranking: saved.ranking, version: saved.version }).toEqual({
      name: university.name,
      slug: university.slug,
      ranking: 12,
      version: 2,
    });
    expect(await auditCount("university", university.id)).toBe(audited);
    expect(await prisma.universitySlug.count({ where: { universityId: university.id } })).toBe(0);

    const unversioned = await patch(roles.agents.super, university.id, { ...form, ranking: null });
    expect(unversioned.status).toBe(200);
    expect(await unversioned.json()).toMatchObject({ ranking: null, version: 3 });
  });
});

describe("users (access and status)", () => {
  const patch = (agent: Agent, id: number, json: unknown) =>
    agent.call(patchUserRoute, `/api/users/${id}`, { method: "PATCH", json, params: { id: String(id) } });

  test("two admins acting on one account seen at one version: the second is refused", async () => {
    const student = await createStudent();
    expect(student.version).toBe(1);

    const first = await patch(roles.agents.team, student.id, { isActive: false, version: 1 });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ isActive: false, version: 2 });
    const audited = await auditCount("user", student.id);

    const second = await patch(roles.agents.super, student.id, {
      role: "admin",
      adminType: "team",
      version: 1,
    });
    await expectStale(second, "account");
    const saved = await prisma.user.findUniqueOrThrow({ where: { id: student.id } });
    expect({ role: saved.role, isActive: saved.isActive, version: saved.version }).toEqual({
      role: "user",
      isActive: false,
      version: 2,
    });
    expect(await auditCount("user", student.id)).toBe(audited);

    const unversioned = await patch(roles.agents.team, student.id, { isActive: true });
    expect(unversioned.status).toBe(200);
    expect(await unversioned.json()).toMatchObject({ isActive: true, version: 3 });
  });
});
