import { GET as getApplication } from "@/app/api/applications/[id]/route";
import { POST as submit } from "@/app/api/applications/route";
import { PUT as putDraft } from "@/app/api/applications/drafts/[programId]/route";
import { DELETE as deleteProgramRoute, GET as getProgramRoute } from "@/app/api/programs/[id]/route";
import { POST as restoreProgramRoute } from "@/app/api/programs/[id]/restore/route";
import { PATCH as patchProgramRoute } from "@/app/api/programs/[id]/route";
import { GET as listProgramsRoute, POST as createProgramRoute } from "@/app/api/programs/route";
import { GET as getBySlug } from "@/app/api/universities/by-slug/[slug]/route";
import {
  DELETE as deleteUniversityRoute,
  GET as getUniversityRoute,
} from "@/app/api/universities/[id]/route";
import { POST as restoreUniversityRoute } from "@/app/api/universities/[id]/restore/route";
import { GET as listUniversitiesRoute } from "@/app/api/universities/route";
import { listCountriesWithUniversities } from "@/lib/countries/queries.server";
import { prisma } from "@/lib/db/client.server";
import { sitemapEntries, sitemapIds } from "@/lib/seo/sitemaps.server";
import type { Agent } from "../support/agent";
import { programFormBody } from "../support/program-body";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
  uniqueTag,
} from "../support/factories";
import { signIn } from "../support/roles";

// A university or program that students applied to is archived instead of deleted
// (before, ON DELETE CASCADE erased the applications and their history). Archived rows leave the
// public site and take no applications; the student still sees the application; admins restore.

const tag = uniqueTag();
let admin: Agent;
let student: Agent;
let studentId: number;

beforeAll(async () => {
  admin = await signIn((await createTeamAdmin()).username);
  const row = await createStudent();
  studentId = row.id;
  student = await signIn(row.username);
});

afterAll(cleanup);

const idParams = (id: number) => ({ params: { id: String(id) } });
const deleteUniversity = (id: number) =>
  admin.call(deleteUniversityRoute, `/api/universities/${id}`, { method: "DELETE", ...idParams(id) });
const restoreUniversity = (agent: Agent, id: number) =>
  agent.call(restoreUniversityRoute, `/api/universities/${id}/restore`, { method: "POST", ...idParams(id) });
const deleteProgram = (id: number) =>
  admin.call(deleteProgramRoute, `/api/programs/${id}`, { method: "DELETE", ...idParams(id) });
const restoreProgram = (agent: Agent, id: number) =>
  agent.call(restoreProgramRoute, `/api/programs/${id}/restore`, { method: "POST", ...idParams(id) });
const readApplication = (agent: Agent, id: number) =>
  agent.call(getApplication, `/api/applications/${id}`, { method: "GET", ...idParams(id) });

async function universityWithApplication(name: string, countryCode = "NZ") {
  const university = await createUniversity({
    name: `${name} ${tag} University`,
    countryCode,
    programs: [
      { name: `Applied ${tag} Law`, degree: "LLB" },
      { name: `Quiet ${tag} History`, degree: "BA" },
    ],
  });
  const application = await createApplication({
    userId: studentId,
    programId: university.programs[0].id,
    status: "approved",
  });
  await prisma.applicationEvent.create({
    data: {
      applicationId: application.id,
      actorName: "Reviewer",
      fromStatus: "pending",
      toStatus: "approved",
    },
  });
  return { university, application };
}

async function publicSearch(query: string) {
  const response = await admin.call(listUniversitiesRoute, `/api/universities?${query}`, { method: "GET" });
  return (await response.json()) as { id: number }[];
}

describe("DELETE /api/universities/{id} with applications", () => {
  test("archives it and its programs; the application and its history stay, and the student still sees it", async () => {
    const { university, application } = await universityWithApplication("Archived");

    const response = await deleteUniversity(university.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ archived: true, applicationsKept: 1 });

    const detail = await readApplication(student, application.id);
    expect(detail.status).toBe(200);
    const body = await detail.json();
    expect(body.status).toBe("approved");
    expect(await prisma.applicationEvent.count({ where: { applicationId: application.id } })).toBe(1);
    const programs = await prisma.program.findMany({ where: { universityId: university.id } });
    expect(programs.map((p) => p.archivedAt)).toEqual([expect.any(Date), expect.any(Date)]);
  });

  test("the archived university leaves the public API, search, country counts and the sitemap", async () => {
    // Liechtenstein: no other test file adds universities there while this one counts them.
    const { university } = await universityWithApplication("Hidden", "LI");
    const before = (await listCountriesWithUniversities()).find((c) => c.code === "LI")!.universities;
    await deleteUniversity(university.id);

    const byId = await admin.call(getUniversityRoute, `/api/universities/${university.id}`, {
      method: "GET",
      ...idParams(university.id),
    });
    expect(byId.status).toBe(404);
    const bySlug = await admin.call(getBySlug, `/api/universities/by-slug/${university.slug}`, {
      method: "GET",
      params: { slug: university.slug },
    });
    expect(bySlug.status).toBe(404);
    expect(await publicSearch(`q=${encodeURIComponent(`Hidden ${tag}`)}`)).toEqual([]);
    const program = university.programs[0].id;
    const programById = await admin.call(getProgramRoute, `/api/programs/${program}`, {
      method: "GET",
      ...idParams(program),
    });
    expect(programById.status).toBe(404);
    const programs = await admin.call(listProgramsRoute, `/api/programs?universityId=${university.id}`, {
      method: "GET",
    });
    expect(await programs.json()).toEqual([]);
    expect((await listCountriesWithUniversities()).find((c) => c.code === "LI")!.universities).toBe(
      before - 1,
    );
    const entries = (await Promise.all((await sitemapIds()).map((id) => sitemapEntries(id)))).flat();
    expect(entries.some((e) => e.url.endsWith(`/university/${university.slug}`))).toBe(false);
  });

  test("restore brings it back with its programs", async () => {
    const { university } = await universityWithApplication("Restored");
    await deleteUniversity(university.id);

    expect((await restoreUniversity(student, university.id)).status).toBe(403);
    const response = await restoreUniversity(admin, university.id);
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe(university.id);
    expect(await prisma.program.count({ where: { universityId: university.id, archivedAt: null } })).toBe(2);
    expect((await publicSearch(`q=${encodeURIComponent(`Restored ${tag}`)}`)).map((u) => u.id)).toEqual([
      university.id,
    ]);
    expect((await restoreUniversity(admin, 2_147_483_000)).status).toBe(404);
  });

  test("without applications it is deleted for good, as before (204)", async () => {
    const university = await createUniversity({
      name: `Empty ${tag} University`,
      programs: [{ name: "Law", degree: "LLB" }],
    });
    expect((await deleteUniversity(university.id)).status).toBe(204);
    expect(await prisma.university.findUnique({ where: { id: university.id } })).toBeNull();
  });
});

describe("DELETE /api/programs/{id} with applications", () => {
  test("archives only that program; restore brings it back", async () => {
    const { university, application } = await universityWithApplication("Program");
    const [applied, quiet] = university.programs;

    const response = await deleteProgram(applied.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ archived: true, applicationsKept: 1 });
    expect((await readApplication(student, application.id)).status).toBe(200);
    expect((await prisma.program.findUniqueOrThrow({ where: { id: quiet.id } })).archivedAt).toBeNull();
    const listed = await admin.call(listProgramsRoute, `/api/programs?universityId=${university.id}`, {
      method: "GET",
    });
    expect((await listed.json()).map((p: { id: number }) => p.id)).toEqual([quiet.id]);

    const restored = await restoreProgram(admin, applied.id);
    expect(restored.status).toBe(200);
    expect((await restored.json()).id).toBe(applied.id);
    expect((await prisma.program.findUniqueOrThrow({ where: { id: applied.id } })).archivedAt).toBeNull();
  });

  test("a program of an archived university is restored with the university, not before", async () => {
    const { university } = await universityWithApplication("Order");
    await deleteUniversity(university.id);
    const response = await restoreProgram(admin, university.programs[0].id);
    expect(response.status).toBe(409);
    expect((await response.json()).error).toMatch(/Restore the university first/);
  });

  test("no live program is put under an archived university: not created there, not moved there", async () => {
    const { university } = await universityWithApplication("Shut");
    expect((await deleteUniversity(university.id)).status).toBe(200);
    const open = await createUniversity({
      name: `Open ${tag} University`,
      programs: [{ name: `Moving ${tag}` }],
    });
    const body = (universityId: number, name: string) => programFormBody(universityId, name);

    const created = await admin.call(createProgramRoute, "/api/programs", {
      json: body(university.id, `New ${tag}`),
    });
    expect(created.status).toBe(400);
    expect((await created.json()).fieldErrors).toHaveProperty("universityId");
    const moving = open.programs[0].id;
    const moved = await admin.call(patchProgramRoute, `/api/programs/${moving}`, {
      method: "PATCH",
      json: body(university.id, `Moving ${tag}`),
      ...idParams(moving),
    });
    expect(moved.status).toBe(400);
    expect((await prisma.program.findUniqueOrThrow({ where: { id: moving } })).universityId).toBe(open.id);
    expect(await prisma.program.count({ where: { universityId: university.id, archivedAt: null } })).toBe(0);
  });

  test("applying to, or drafting for, an archived program is refused with 410", async () => {
    const { university } = await universityWithApplication("Closed");
    const program = university.programs[1];
    await deleteUniversity(university.id);

    const applied = await student.call(submit, "/api/applications", {
      json: {
        programId: program.id,
        personalStatement: "I would love to study here. ".repeat(20),
        academicHistory: { institution: "School", degree: "Diploma", gpa: "3.5", graduationYear: 2024 },
      },
    });
    expect(applied.status).toBe(410);
    expect((await applied.json()).error).toMatch(/no longer takes applications/);
    expect(await prisma.application.count({ where: { programId: program.id } })).toBe(0);

    const drafted = await student.call(putDraft, `/api/applications/drafts/${program.id}`, {
      method: "PUT",
      json: { step: 1, personalStatement: "draft" },
      params: { programId: String(program.id) },
    });
    expect(drafted.status).toBe(410);
  });
});

describe("the database refuses to erase applications", () => {
  test("a raw DELETE of a program with applications fails (ON DELETE RESTRICT)", async () => {
    const { university, application } = await universityWithApplication("Raw");
    await expect(
      prisma.$executeRaw`DELETE FROM "programs" WHERE "id" = ${university.programs[0].id}`,
    ).rejects.toThrow();
    await expect(
      prisma.$executeRaw`DELETE FROM "universities" WHERE "id" = ${university.id}`,
    ).rejects.toThrow();
    expect(await prisma.application.findUnique({ where: { id: application.id } })).not.toBeNull();
  });
});
