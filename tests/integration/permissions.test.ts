import { PATCH as markRoute } from "@/app/api/applications/[id]/conditions/[conditionId]/route";
import { PATCH as moveRoute } from "@/app/api/applications/[id]/route";
import { POST as bulkRoute } from "@/app/api/applications/bulk/route";
import { GET as exportApplications } from "@/app/api/applications/export.csv/route";
import { GET as exportPrograms } from "@/app/api/programs/export.csv/route";
import { PATCH as patchUniversity } from "@/app/api/universities/[id]/route";
import { POST as postUniversity } from "@/app/api/universities/route";
import { PATCH as patchUser } from "@/app/api/users/[id]/route";
import { GET as listUsers, POST as postUser } from "@/app/api/users/route";
import { GET as currentUser } from "@/app/api/user/route";
import { markConditionAction, moveApplicationAction } from "@/lib/applications/actions";
import { permissionRefusal } from "@/lib/auth/staff-permissions";
import { prisma } from "@/lib/db/client.server";
import type { Mail } from "@/lib/mail/send.server";
import { NOT_A_TEAM_ADMIN, SUPER_ADMIN_ONLY } from "@/lib/users/permissions";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createApplication,
  createStudent,
  createSuperAdmin,
  createTeamAdmin,
  createUniversity,
  remember,
  TEST_PASSWORD,
  uniqueTag,
} from "../support/factories";
import { universityFormBody } from "../support/university-body";
import { signIn } from "../support/roles";

// Team admins' permissions beyond the team's default: a super admin grants and revokes them
// through PATCH /api/users/{id} (one audit entry each time); a team admin without the permission
// to make decisions is refused the decisions and the condition marks (403 saying whom to ask) and
// keeps the rest of the review; the catalogue's writes and the exports need their own.

jest.mock("@/lib/mail/send.server", () => ({
  ...jest.requireActual("@/lib/mail/send.server"),
  sendMail: async (mail: Mail) => void mail,
}));

const tag = uniqueTag();
let superAgent: Agent;

beforeAll(async () => {
  superAgent = await signIn((await createSuperAdmin()).username);
}, 60_000);

afterAll(cleanup);

const idParams = (id: number) => ({ params: { id: String(id) } });
const patchAccount = (agent: Agent, id: number, json: unknown) =>
  agent.call(patchUser, `/api/users/${id}`, { method: "PATCH", json, ...idParams(id) });
const move = (agent: Agent, id: number, json: unknown) =>
  agent.call(moveRoute, `/api/applications/${id}`, { method: "PATCH", json, ...idParams(id) });
const mark = (agent: Agent, id: number, conditionId: number, json: unknown) =>
  agent.call(markRoute, `/api/applications/${id}/conditions/${conditionId}`, {
    method: "PATCH",
    json,
    params: { id: String(id), conditionId: String(conditionId) },
  });
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
const statusOf = async (id: number) => (await prisma.application.findUniqueOrThrow({ where: { id } })).status;
const storedPermissions = async (id: number) =>
  (await prisma.user.findUniqueOrThrow({ where: { id }, select: { permissions: true } })).permissions;
const auditOf = (id: number) =>
  prisma.auditEvent.findMany({
    where: { entityType: "user", entityId: String(id) },
    orderBy: { id: "asc" },
    select: { action: true, before: true, after: true },
  });

/** A student's application to a new program, in `status`. */
async function applicationIn(status: "in_review" | "sent_to_university" | "conditions_pending") {
  const student = await createStudent();
  const { programs } = await createUniversity({ programs: [{ level: "Master's" }] });
  return createApplication({ userId: student.id, programId: programs[0].id, status });
}

describe("granting and revoking", () => {
  test("a super admin grants a team admin permissions and revokes them, each change one audit entry", async () => {
    const team = await createTeamAdmin({ permissions: [] });
    const granted = await patchAccount(superAgent, team.id, {
      permissions: ["export-data", "make-decisions"],
    });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({
      role: "admin",
      adminType: "team",
      permissions: ["make-decisions", "export-data"],
    });
    expect(await storedPermissions(team.id)).toEqual(["make_decisions", "export_data"]);

    const revoked = await patchAccount(superAgent, team.id, { permissions: ["export-data"] });
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).permissions).toEqual(["export-data"]);

    expect(await auditOf(team.id)).toEqual([
      {
        action: "user.permissions",
        before: expect.objectContaining({ role: "admin", adminType: "team", permissions: [] }),
        after: expect.objectContaining({ permissions: ["Make decisions", "Export data"] }),
      },
      {
        action: "user.permissions",
        before: expect.objectContaining({ permissions: ["Make decisions", "Export data"] }),
        after: expect.objectContaining({ permissions: ["Export data"] }),
      },
    ]);
  });

  test("a grant applies at the team admin's next request, without signing them out; so does a revocation", async () => {
    const team = await createTeamAdmin({ permissions: [] });
    const agent = await signIn(team.username);
    const application = await applicationIn("in_review");
    const reject = { status: "rejected", note: "Not this year." };

    const refused = await move(agent, application.id, reject);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe("Ask a super admin for the permission to make decisions.");

    expect((await patchAccount(superAgent, team.id, { permissions: ["make-decisions"] })).status).toBe(200);
    expect((await agent.call(currentUser, "/api/user")).status).toBe(200);
    expect((await move(agent, application.id, reject)).status).toBe(200);
    expect(await statusOf(application.id)).toBe("rejected");

    expect((await patchAccount(superAgent, team.id, { permissions: [] })).status).toBe(200);
    const other = await applicationIn("in_review");
    expect((await move(agent, other.id, reject)).status).toBe(403);
  });

  test("only a super admin grants; a team admin holding every permission is refused and nothing is recorded", async () => {
    const team = await createTeamAdmin({ permissions: [] });
    const colleague = await signIn((await createTeamAdmin()).username);
    const refused = await patchAccount(colleague, team.id, { permissions: ["make-decisions"] });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(SUPER_ADMIN_ONLY);
    expect(await storedPermissions(team.id)).toEqual([]);
    expect(await auditOf(team.id)).toEqual([]);
  });

  test("students and super admins are given none: 422, nothing changed", async () => {
    const student = await createStudent();
    const otherSuper = await createSuperAdmin();
    for (const id of [student.id, otherSuper.id]) {
      const refused = await patchAccount(superAgent, id, { permissions: ["export-data"] });
      expect(refused.status).toBe(422);
      expect(await errorOf(refused)).toBe(NOT_A_TEAM_ADMIN);
      expect(await storedPermissions(id)).toEqual([]);
      expect(await auditOf(id)).toEqual([]);
    }
  });

  test("an unknown permission is a 400 on the field", async () => {
    const team = await createTeamAdmin({ permissions: [] });
    const refused = await patchAccount(superAgent, team.id, { permissions: ["everything"] });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      permissions: ["permissions must be a list of: make-decisions, manage-catalogue, export-data"],
    });
  });

  test("demotion to student, or promotion to super admin, clears the grants", async () => {
    const demoted = await createTeamAdmin();
    const promoted = await createTeamAdmin();
    expect((await patchAccount(superAgent, demoted.id, { role: "user" })).status).toBe(200);
    expect((await patchAccount(superAgent, promoted.id, { adminType: "super" })).status).toBe(200);
    expect(await storedPermissions(demoted.id)).toEqual([]);
    expect(await storedPermissions(promoted.id)).toEqual([]);
    // Made a team admin again: the old grants do not come back.
    expect((await patchAccount(superAgent, demoted.id, { role: "admin", adminType: "team" })).status).toBe(
      200,
    );
    expect(await storedPermissions(demoted.id)).toEqual([]);
  });

  test("accounts made admins from now on start with none, unless the promotion gives some", async () => {
    const username = `${tag}_newteam`;
    const created = await superAgent.call(postUser, "/api/users", {
      json: {
        fullName: `New Team ${tag}`,
        email: `${username}@example.test`,
        username,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        role: "admin",
        adminType: "team",
      },
    });
    expect(created.status).toBe(201);
    const made = remember("user", (await created.json()) as { id: number; permissions: string[] });
    expect(made.permissions).toEqual([]);

    const student = await createStudent();
    const promoted = await patchAccount(superAgent, student.id, {
      role: "admin",
      adminType: "team",
      permissions: ["manage-catalogue"],
    });
    expect(promoted.status).toBe(200);
    expect((await promoted.json()).permissions).toEqual(["manage-catalogue"]);
    expect((await auditOf(student.id)).map((entry) => entry.action)).toEqual(["user.access"]);
  });

  test("the Users list shows a team admin's permissions", async () => {
    const team = await createTeamAdmin({ username: `${tag}_listed`, permissions: ["export-data"] });
    const response = await superAgent.call(listUsers, `/api/users?q=${team.username}`);
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { id: number; permissions: string[] }[]).map((u) => [u.id, u.permissions]),
    ).toEqual([[team.id, ["export-data"]]]);
  });
});

describe("decisions", () => {
  let reviewer: Agent;
  let decider: Agent;
  beforeAll(async () => {
    // Every permission but the one to make decisions: nothing else stands in for it.
    reviewer = await signIn(
      (await createTeamAdmin({ permissions: ["manage-catalogue", "export-data"] })).username,
    );
    decider = await signIn((await createTeamAdmin({ permissions: ["make-decisions"] })).username);
  }, 60_000);

  test("without the permission, recording an offer or a rejection is a 403 and changes nothing", async () => {
    const application = await applicationIn("sent_to_university");
    const before = await prisma.applicationEvent.count({ where: { applicationId: application.id } });
    for (const json of [
      { status: "approved", offer: { conditions: ["IELTS 6.5"] } },
      { status: "rejected", reasons: [{ code: "grades", detail: "Grades below the entry requirement." }] },
    ]) {
      const refused = await move(reviewer, application.id, json);
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toBe(permissionRefusal("make-decisions"));
    }
    expect(await statusOf(application.id)).toBe("sent_to_university");
    expect(await prisma.applicationEvent.count({ where: { applicationId: application.id } })).toBe(before);
  });

  test("without it, the rest of the review goes on: the team's default is kept", async () => {
    const application = await applicationIn("in_review");
    expect((await move(reviewer, application.id, { status: "sent-to-university" })).status).toBe(200);
    expect(await statusOf(application.id)).toBe("sent_to_university");
  });

  test("with it, a team admin records the offer", async () => {
    const application = await applicationIn("sent_to_university");
    expect((await move(decider, application.id, { status: "approved" })).status).toBe(200);
    expect(await statusOf(application.id)).toBe("approved");
  });

  test("the application page's forms are refused the same way", async () => {
    const application = await applicationIn("in_review");
    const refused = await reviewer.act(moveApplicationAction, {
      id: String(application.id),
      from: "in-review",
      status: "rejected",
      note: "Not this year.",
      "reasons.grades.chosen": "on",
      "reasons.grades.detail": "Grades below the entry requirement.",
    });
    expect(refused.state).toMatchObject({ status: 403, error: permissionRefusal("make-decisions") });
    expect(await statusOf(application.id)).toBe("in_review");
  });

  test("a bulk move to a decision refuses each row without the permission, saying whom to ask", async () => {
    const application = await applicationIn("in_review");
    await prisma.application.update({ where: { id: application.id }, data: { status: "place_confirmed" } });
    const response = await reviewer.call(bulkRoute, "/api/applications/bulk", {
      json: { operation: { type: "status", status: "enrolled" }, ids: [application.id] },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      changed: [],
      refused: [{ id: application.id, reason: permissionRefusal("make-decisions") }],
    });
    expect(await statusOf(application.id)).toBe("place_confirmed");
  });

  test("marking an offer's condition needs the permission too, through the API and the form", async () => {
    const application = await applicationIn("conditions_pending");
    const condition = await prisma.offerCondition.create({
      data: { applicationId: application.id, position: 0, text: "Final transcript" },
    });
    const refused = await mark(reviewer, application.id, condition.id, { status: "met" });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(permissionRefusal("make-decisions"));
    const form = await reviewer.act(markConditionAction, {
      applicationId: String(application.id),
      conditionId: String(condition.id),
      from: "pending",
      status: "met",
    });
    expect(form.state).toMatchObject({ status: 403, error: permissionRefusal("make-decisions") });
    expect((await prisma.offerCondition.findUniqueOrThrow({ where: { id: condition.id } })).status).toBe(
      "pending",
    );

    expect((await mark(decider, application.id, condition.id, { status: "met" })).status).toBe(200);
    expect((await prisma.offerCondition.findUniqueOrThrow({ where: { id: condition.id } })).status).toBe(
      "met",
    );
  });
});

describe("the catalogue and the exports", () => {
  test("a catalogue write needs the permission to manage the catalogue", async () => {
    const without = await signIn(
      (await createTeamAdmin({ permissions: ["make-decisions", "export-data"] })).username,
    );
    const holder = await signIn((await createTeamAdmin({ permissions: ["manage-catalogue"] })).username);
    const body = universityFormBody(`Permission ${tag} University`);

    const refused = await without.call(postUniversity, "/api/universities", { json: body });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(permissionRefusal("manage-catalogue"));
    expect(await prisma.university.count({ where: { name: body.name } })).toBe(0);

    const created = await holder.call(postUniversity, "/api/universities", { json: body });
    expect(created.status).toBe(201);
    const university = remember("university", (await created.json()) as { id: number });

    const edit = { ...body, description: "Changed without the permission." };
    const refusedEdit = await without.call(patchUniversity, `/api/universities/${university.id}`, {
      method: "PATCH",
      json: edit,
      ...idParams(university.id),
    });
    expect(refusedEdit.status).toBe(403);
    expect(
      (await prisma.university.findUniqueOrThrow({ where: { id: university.id } })).description,
    ).not.toBe(edit.description);
  });

  test("an export needs the permission to export data", async () => {
    const without = await signIn(
      (await createTeamAdmin({ permissions: ["make-decisions", "manage-catalogue"] })).username,
    );
    const holder = await signIn((await createTeamAdmin({ permissions: ["export-data"] })).username);
    const { name } = await createUniversity({
      name: `Export ${tag} University`,
      programs: [{ name: "Exported Studies" }],
    });
    const path = `/api/programs/export.csv?q=${encodeURIComponent(name)}`;

    const refused = await without.call(exportPrograms, path);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(permissionRefusal("export-data"));

    const exported = await holder.call(exportPrograms, path);
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain("Exported Studies");

    // The workspace's export of applications too.
    const applications = "/api/applications/export.csv?q=Exported%20Studies";
    const refusedApplications = await without.call(exportApplications, applications);
    expect(refusedApplications.status).toBe(403);
    expect(await errorOf(refusedApplications)).toBe(permissionRefusal("export-data"));
    expect((await holder.call(exportApplications, applications)).status).toBe(200);
  });
});
