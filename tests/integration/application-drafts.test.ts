import { POST as submit } from "@/app/api/applications/route";
import { DELETE as withdraw } from "@/app/api/applications/[id]/route";
import { GET as getDraft, PUT as putDraft } from "@/app/api/applications/drafts/[programId]/route";
import { listDrafts } from "@/lib/applications/drafts.server";
import { applicationFormAction } from "@/lib/applications/actions";
import { prisma } from "@/lib/db/client.server";
import { DRAFT_LIMITS } from "@/lib/validation/application";
import type { Mail } from "@/lib/mail/send.server";
import type { Agent } from "../support/agent";
import { cleanup, createStudent, createUniversity, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";

// A student's draft never outlives their application: a save for a program already applied to
// (another tab still autosaving, the form posted without JavaScript) is refused and stores nothing.

jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (_mail: Mail) => undefined }));

const tag = uniqueTag();
const statement = "I would love to study here. ".repeat(20);
const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 };

afterAll(cleanup);

async function setUp(programCount = 1) {
  const student = await createStudent();
  const { programs } = await createUniversity({
    name: `Drafts ${tag} ${uniqueTag()} University`,
    programs: Array.from({ length: programCount }, (_, i) => ({
      name: `Program ${i} ${tag}`,
      degree: "MSc",
    })),
  });
  return { student, programIds: programs.map((p) => p.id), agent: await signIn(student.username) };
}

const save = (agent: Agent, programId: number, personalStatement = "Still typing in the other tab") =>
  agent.call(putDraft, `/api/applications/drafts/${programId}`, {
    method: "PUT",
    json: { step: 1, personalStatement },
    params: { programId: String(programId) },
  });

const apply = (agent: Agent, programId: number) =>
  agent.call(submit, "/api/applications", {
    json: { programId, personalStatement: statement, academicHistory: history },
  });

const draftCount = (userId: number, programId: number) =>
  prisma.applicationDraft.count({ where: { userId, programId } });

test("an autosave after the application was submitted is a 409 that says so, and stores no draft", async () => {
  const { student, programIds, agent } = await setUp();
  const [programId] = programIds;
  expect((await save(agent, programId)).status).toBe(200);
  expect((await apply(agent, programId)).status).toBe(201);
  expect(await draftCount(student.id, programId)).toBe(0);

  const refused = await save(agent, programId);
  expect(refused.status).toBe(409);
  expect((await refused.json()).error).toMatch(/^You have already applied to this program/);
  expect(await draftCount(student.id, programId)).toBe(0);
  const read = await agent.call(getDraft, `/api/applications/drafts/${programId}`, {
    params: { programId: String(programId) },
  });
  expect(await read.json()).toBeNull();
});

test("the form posted without JavaScript after the application was submitted stores no draft", async () => {
  const { student, programIds, agent } = await setUp();
  const [programId] = programIds;
  expect((await apply(agent, programId)).status).toBe(201);
  for (const intent of ["next", "previous", "submit"]) {
    const data = new FormData();
    data.append("programId", String(programId));
    data.append("intent", intent);
    data.append("personalStatement", "Typed in a stale tab");
    // The page shows that the application exists (a redirect to itself), and no draft is back.
    expect((await agent.act(applicationFormAction, data)).redirect).toBe(`/apply/${programId}`);
    expect(await draftCount(student.id, programId)).toBe(0);
  }
});

test("a form too long for the draft, cut in the middle of an emoji, is kept whole up to it and refused", async () => {
  // The draft keeps at most DRAFT_LIMITS code units of each field; a cut between the two halves of
  // an emoji left half of it, which PostgreSQL cannot store, and the post failed with a 500.
  const { student, programIds, agent } = await setUp();
  const [programId] = programIds;
  const data = new FormData();
  data.append("programId", String(programId));
  data.append("draftVersion", "0");
  data.append("personalStatement", `${"a".repeat(DRAFT_LIMITS.personalStatement - 1)}😀 and more`);
  data.append("academicHistory.institution", `${"b".repeat(DRAFT_LIMITS.institution - 1)}🎓`);
  data.append("academicHistory.degree", "Diploma");
  data.append("academicHistory.gpa", "3.8");
  data.append("academicHistory.graduationYear", "1😀😀");
  const answer = await agent.act(applicationFormAction, data);
  expect(answer.state).toMatchObject({
    status: 400,
    fieldErrors: { personalStatement: [expect.stringMatching(/cannot exceed/)] },
  });
  const draft = await prisma.applicationDraft.findUniqueOrThrow({
    where: { userId_programId: { userId: student.id, programId } },
  });
  expect(draft.data).toMatchObject({
    personalStatement: "a".repeat(DRAFT_LIMITS.personalStatement - 1),
    academicHistory: { institution: "b".repeat(DRAFT_LIMITS.institution - 1), graduationYear: "1😀" },
  });
});

test("a submit and an autosave sent at the same time never leave a draft beside the application", async () => {
  // Each round races one submit against one save of the same student and program; whichever
  // runs first, the application exists at the end and the draft does not.
  const rounds = 12;
  const { student, programIds, agent } = await setUp(rounds);
  for (const programId of programIds) {
    const [submitted, saved] = await Promise.all([apply(agent, programId), save(agent, programId)]);
    expect(submitted.status).toBe(201);
    expect([200, 409]).toContain(saved.status);
    expect(await draftCount(student.id, programId)).toBe(0);
  }
});

describe("draft versions", () => {
  const put = (agent: Agent, programId: number, body: Record<string, unknown>) =>
    agent.call(putDraft, `/api/applications/drafts/${programId}`, {
      method: "PUT",
      json: body,
      params: { programId: String(programId) },
    });
  const read = async (agent: Agent, programId: number) =>
    (
      await agent.call(getDraft, `/api/applications/drafts/${programId}`, {
        params: { programId: String(programId) },
      })
    ).json();

  const rich = {
    step: 2,
    personalStatement: statement,
    academicHistory: { institution: "Riverside High", degree: "", gpa: "3.8", graduationYear: "" },
  };

  test("a save based on an older copy of the draft is a 409 and keeps the saved draft", async () => {
    const { programIds, agent } = await setUp();
    const [programId] = programIds;
    const first = await put(agent, programId, { ...rich, version: 0 });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ version: 1 });
    const second = await put(agent, programId, {
      ...rich,
      personalStatement: `${statement} More.`,
      version: 1,
    });
    expect(await second.json()).toMatchObject({ version: 2 });
    expect(await read(agent, programId)).toMatchObject({ version: 2 });

    // The page came back from history with the copy it was first rendered with (no draft), and
    // the student types "Hello": refused, and the statement and history stay.
    for (const stale of [0, 1]) {
      const refused = await put(agent, programId, { step: 1, personalStatement: "Hello", version: stale });
      expect(refused.status).toBe(409);
      const body = await refused.json();
      expect(body.error).toMatch(/newer draft/);
      expect(body.fieldErrors.version).toHaveLength(1);
    }
    expect(await read(agent, programId)).toMatchObject({
      version: 2,
      data: {
        step: 2,
        personalStatement: `${statement} More.`,
        academicHistory: { institution: "Riverside High" },
      },
    });
  });

  test("two saves based on the same version at the same time: one is kept, the other refused", async () => {
    const { programIds, agent } = await setUp(6);
    for (const programId of programIds) {
      expect((await put(agent, programId, { ...rich, version: 0 })).status).toBe(200);
      const answers = await Promise.all([
        put(agent, programId, { step: 1, personalStatement: "Tab A", version: 1 }),
        put(agent, programId, { step: 1, personalStatement: "Tab B", version: 1 }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const kept = answers[0].status === 200 ? "Tab A" : "Tab B";
      expect(await read(agent, programId)).toMatchObject({ version: 2, data: { personalStatement: kept } });
    }
  });

  test("the form posted without JavaScript from an older copy of the page keeps the newer draft", async () => {
    const { programIds, agent } = await setUp();
    const [programId] = programIds;
    await put(agent, programId, { ...rich, version: 0 });
    const data = new FormData();
    data.append("programId", String(programId));
    data.append("draftVersion", "0");
    data.append("intent", "next");
    data.append("personalStatement", "Hello");
    expect((await agent.act(applicationFormAction, data)).redirect).toBe(`/apply/${programId}`);
    expect(await read(agent, programId)).toMatchObject({
      version: 1,
      data: { personalStatement: statement },
    });

    // From the current copy, the post is saved.
    data.set("draftVersion", "1");
    data.set("personalStatement", `${statement} Edited.`);
    expect((await agent.act(applicationFormAction, data)).redirect).toBe(`/apply/${programId}`);
    expect(await read(agent, programId)).toMatchObject({
      version: 2,
      data: { personalStatement: `${statement} Edited.` },
    });
  });
});

describe("listDrafts", () => {
  test("lists the student's own drafts of programs still offered, nearest deadline first", async () => {
    const { student, programIds, agent } = await setUp(3);
    const other = await setUp(1);
    const day = 86_400_000;
    await prisma.program.update({
      where: { id: programIds[0] },
      data: { deadline: new Date(Date.now() + 300 * day) },
    });
    await prisma.program.update({
      where: { id: programIds[1] },
      data: { deadline: new Date(Date.now() + 5 * day) },
    });
    for (const programId of programIds) expect((await save(agent, programId)).status).toBe(200);
    await prisma.program.update({ where: { id: programIds[2] }, data: { archivedAt: new Date() } });
    expect((await save(other.agent, other.programIds[0])).status).toBe(200);

    const drafts = await listDrafts(student.id);
    expect(drafts.map((d) => d.programId)).toEqual([programIds[1], programIds[0]]);
    expect(drafts[0]).toMatchObject({ programName: expect.stringContaining("Program 1"), degree: "MSc" });
  });
});

test("withdrawing keeps the answers as the program's draft, so applying again starts from them", async () => {
  const { programIds, agent } = await setUp();
  const [programId] = programIds;
  const created = await (await apply(agent, programId)).json();
  const params = { params: { programId: String(programId) } };
  expect(
    await (await agent.call(getDraft, `/api/applications/drafts/${programId}`, params)).json(),
  ).toBeNull();

  const withdrawn = await agent.call(withdraw, `/api/applications/${created.id}`, {
    method: "DELETE",
    params: { id: String(created.id) },
  });
  expect(withdrawn.status).toBe(204);
  const draft = await (await agent.call(getDraft, `/api/applications/drafts/${programId}`, params)).json();
  expect(draft).toMatchObject({ data: { step: 2, personalStatement: statement, academicHistory: history } });

  // The form saves from that draft's version, and submitting again deletes it.
  expect((await save(agent, programId, `${statement} Revised.`)).status).toBe(200);
  expect((await apply(agent, programId)).status).toBe(201);
  expect(
    await (await agent.call(getDraft, `/api/applications/drafts/${programId}`, params)).json(),
  ).toBeNull();
});
