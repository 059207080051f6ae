import { GET as list, POST as submit } from "@/app/api/applications/route";
import { DELETE as withdraw, GET as getOne, PATCH as review } from "@/app/api/applications/[id]/route";
import {
  DELETE as dropDraft,
  GET as getDraft,
  PUT as putDraft,
} from "@/app/api/applications/drafts/[programId]/route";
import { prisma } from "@/lib/db/client.server";
import type { Mail } from "@/lib/mail/send.server";
import { Agent } from "../support/agent";
import { cleanup, createUser, createUniversity, uniqueTag, type Role } from "../support/factories";
import { signIn } from "../support/roles";

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void sent.push(mail) }));

const tag = uniqueTag();
const statement = "I would love to study here. ".repeat(20);
const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 };

let programId: number;
let closedProgramId: number;
let otherProgramId: number;
let alice: Agent;
let bob: Agent;
let admin: Agent;
let aliceId: number;

async function makeUser(name: string, role: Role = "student") {
  return createUser({
    role,
    username: `${tag}_${name}`,
    email: `${tag}.${name}@example.com`,
    fullName: `${name[0].toUpperCase()}${name.slice(1)} ${tag}`,
  });
}

beforeAll(async () => {
  const university = await createUniversity({
    name: `Apply ${tag} University`,
    programs: [
      { name: `Marine Biology ${tag}`, degree: "MSc" },
      { name: `Closed Program ${tag}`, degree: "BA", deadline: new Date(Date.now() - 86_400_000) },
      { name: `Ocean Law ${tag}`, degree: "LLM" },
    ],
  });
  [programId, closedProgramId, otherProgramId] = university.programs.map((p) => p.id);
  const aliceRow = await makeUser("alice");
  aliceId = aliceRow.id;
  alice = await signIn(aliceRow.username);
  bob = await signIn((await makeUser("bob")).username);
  admin = await signIn((await makeUser("reviewer", "team")).username);
});

afterAll(cleanup);

const apply = (agent: Agent, body: Record<string, unknown>) =>
  agent.call(submit, "/api/applications", { json: body });

describe("POST /api/applications", () => {
  test("signed out: 401 and nothing stored", async () => {
    const response = await apply(new Agent(), {
      programId,
      personalStatement: statement,
      academicHistory: history,
    });
    expect(response.status).toBe(401);
  });

  test("stores a pending application for the signed-in student, whatever the body says", async () => {
    await alice.call(putDraft, `/api/applications/drafts/${programId}`, {
      method: "PUT",
      json: { step: 2, personalStatement: "half written", academicHistory: history },
      params: { programId: String(programId) },
    });
    const response = await apply(alice, {
      programId,
      personalStatement: statement,
      academicHistory: history,
      status: "approved",
      userId: 1,
    });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ status: "pending", programId });

    const stored = await prisma.application.findUniqueOrThrow({
      where: { id: created.id },
      include: { events: true },
    });
    expect(stored).toMatchObject({
      userId: aliceId,
      status: "pending",
      personalStatement: statement,
      academicHistory: history,
    });
    expect(stored.events.map((e) => e.toStatus)).toEqual(["pending"]);
    // The draft is gone once the application is in.
    const draft = await alice.call(getDraft, `/api/applications/drafts/${programId}`, {
      params: { programId: String(programId) },
    });
    expect(await draft.json()).toBeNull();
  });

  test("a second application to the same program is a 409", async () => {
    const response = await apply(alice, {
      programId,
      personalStatement: statement,
      academicHistory: history,
    });
    expect(response.status).toBe(409);
    expect(await prisma.application.count({ where: { userId: aliceId, programId } })).toBe(1);
  });

  test("unknown program 404, past deadline 422, invalid input 400 with SPEC's messages", async () => {
    expect(
      (
        await apply(alice, {
          programId: 2_000_000_000,
          personalStatement: statement,
          academicHistory: history,
        })
      ).status,
    ).toBe(404);
    const closed = await apply(alice, {
      programId: closedProgramId,
      personalStatement: statement,
      academicHistory: history,
    });
    expect(closed.status).toBe(422);
    expect((await closed.json()).error).toBe("The application deadline for this program has passed.");
    const short = await apply(alice, {
      programId: otherProgramId,
      personalStatement: "too short",
      academicHistory: { ...history, gpa: "" },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).fieldErrors).toEqual({
      personalStatement: ["Personal statement must be at least 500 characters"],
      "academicHistory.gpa": ["GPA is required"],
    });
    expect(
      await prisma.application.count({
        where: { userId: aliceId, programId: { in: [closedProgramId, otherProgramId] } },
      }),
    ).toBe(0);
  });
});

test("a statement of blank space is refused, not stored: length counts what a person sees", async () => {
  const blank = await apply(alice, {
    programId: otherProgramId,
    personalStatement: " ".repeat(250) + "\n".repeat(250),
    academicHistory: history,
  });
  expect(blank.status).toBe(400);
  expect((await blank.json()).fieldErrors).toEqual({
    personalStatement: ["Personal statement must be at least 500 characters"],
  });
  // A grade as a UK transcript writes it is kept whole.
  const gpa = "Upper Second Class (2:1)";
  const accepted = await apply(alice, {
    programId: otherProgramId,
    personalStatement: statement,
    academicHistory: { ...history, gpa },
  });
  expect(accepted.status).toBe(201);
  const stored = await prisma.application.findFirstOrThrow({
    where: { userId: aliceId, programId: otherProgramId },
  });
  expect(stored.academicHistory).toMatchObject({ gpa });
  await prisma.application.delete({ where: { id: stored.id } });
});

describe("reading applications", () => {
  test("a student sees only their own; another student's id is a 404", async () => {
    const mine = await (await alice.call(list, "/api/applications")).json();
    expect(mine.map((a: { program: { id: number } }) => a.program.id)).toEqual([programId]);
    expect(await (await bob.call(list, "/api/applications")).json()).toEqual([]);

    const id = mine[0].id;
    expect((await bob.call(getOne, `/api/applications/${id}`, { params: { id: String(id) } })).status).toBe(
      404,
    );
    const own = await alice.call(getOne, `/api/applications/${id}`, { params: { id: String(id) } });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      personalStatement: statement,
      academicHistory: history,
      status: "pending",
    });
  });

  test("an admin sees everyone's, filtered by status and by student or program name, with a total", async () => {
    const response = await admin.call(list, `/api/applications?q=${tag}&status=pending`);
    expect(response.headers.get("X-Total-Count")).toBe("1");
    const [item] = await response.json();
    expect(item).toMatchObject({ student: { id: aliceId }, program: { id: programId }, status: "pending" });
    expect(
      await (await admin.call(list, `/api/applications?q=Marine%20Biology%20${tag}`)).json(),
    ).toHaveLength(1);
    expect(await (await admin.call(list, `/api/applications?q=${tag}&status=approved`)).json()).toEqual([]);
    expect((await admin.call(list, "/api/applications?status=done")).status).toBe(400);
  });
});

describe("PATCH /api/applications/{id}: the review workflow", () => {
  let id: number;
  beforeAll(async () => {
    id = (await prisma.application.findFirstOrThrow({ where: { userId: aliceId, programId } })).id;
  });
  const move = (agent: Agent, body: unknown) =>
    agent.call(review, `/api/applications/${id}`, {
      method: "PATCH",
      json: body,
      params: { id: String(id) },
    });

  test("only admins: 401 signed out, 403 for students", async () => {
    expect((await move(new Agent(), { status: "in-review" })).status).toBe(401);
    expect((await move(alice, { status: "in-review" })).status).toBe(403);
  });

  test("moves along the allowed path, records history with notes, e-mails the student; others are 409", async () => {
    sent.length = 0;
    const skip = await move(admin, { status: "approved" });
    expect(skip.status).toBe(409);
    expect((await skip.json()).error).toContain("From Pending it can move to: In Review.");

    expect((await move(admin, { status: "in-review", note: "Looks complete." })).status).toBe(200);
    expect((await move(admin, { status: "sent-to-university", note: "Forwarded." })).status).toBe(200);
    expect((await move(admin, { status: "in-review" })).status).toBe(409);

    const detail = await (
      await alice.call(getOne, `/api/applications/${id}`, { params: { id: String(id) } })
    ).json();
    expect(detail.status).toBe("sent-to-university");
    expect(detail.latestNote).toBe("Forwarded.");
    expect(
      detail.history.map((h: { from: string | null; to: string; note: string | null }) => [
        h.from,
        h.to,
        h.note,
      ]),
    ).toEqual([
      [null, "pending", null],
      ["pending", "in-review", "Looks complete."],
      ["in-review", "sent-to-university", "Forwarded."],
    ]);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [
        `${tag}.alice@example.com`,
        `Marine Biology ${tag} (MSc) at Apply ${tag} University: your application is now In Review`,
      ],
      [
        `${tag}.alice@example.com`,
        `Marine Biology ${tag} (MSc) at Apply ${tag} University: your application is now Sent to University`,
      ],
    ]);
    expect(sent[1].text).toContain("Forwarded.");
  });

  test("unknown id 404, malformed id or status 400", async () => {
    expect(
      (
        await admin.call(review, "/api/applications/2000000000", {
          method: "PATCH",
          json: { status: "in-review" },
          params: { id: "2000000000" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await admin.call(review, "/api/applications/x", {
          method: "PATCH",
          json: { status: "in-review" },
          params: { id: "x" },
        })
      ).status,
    ).toBe(400);
    expect((await move(admin, { status: "done" })).status).toBe(400);
  });
});

describe("PATCH /api/applications/{id}: nobody reviews their own application", () => {
  const own = "You submitted this application, so another team member must review it.";
  const move = (agent: Agent, id: number, body: unknown) =>
    agent.call(review, `/api/applications/${id}`, {
      method: "PATCH",
      json: body,
      params: { id: String(id) },
    });
  /** What a refused move must leave alone: the status, the history, the audit log, the mail. */
  const trail = async (id: number) => ({
    status: (await prisma.application.findUniqueOrThrow({ where: { id } })).status,
    events: await prisma.applicationEvent.count({ where: { applicationId: id } }),
    audit: await prisma.auditEvent.count({ where: { entityType: "application", entityId: String(id) } }),
  });

  test.each(["team", "super"] as const)(
    "a %s admin applies like a student, is refused every move of it (403), and another admin reviews it",
    async (role) => {
      const applicantRow = await makeUser(`applicant_${role}`, role);
      const applicant = await signIn(applicantRow.username);
      const submitted = await apply(applicant, {
        programId: otherProgramId,
        personalStatement: statement,
        academicHistory: history,
      });
      expect(submitted.status).toBe(201);
      const { id } = (await submitted.json()) as { id: number };

      sent.length = 0;
      const before = await trail(id);
      for (const [status, note] of [
        ["in-review", "Looks fine to me."],
        ["sent-to-university", null],
        ["approved", null],
        ["rejected", null],
      ] as const) {
        const refused = await move(applicant, id, { status, ...(note ? { note } : {}) });
        expect(refused.status).toBe(403);
        expect((await refused.json()).error).toBe(own);
      }
      expect(await trail(id)).toEqual(before);
      expect(sent).toEqual([]);

      // Another team member moves it on; the history names them, not the applicant.
      expect((await move(admin, id, { status: "in-review", note: "Reviewing." })).status).toBe(200);
      expect((await move(applicant, id, { status: "sent-to-university" })).status).toBe(403);
      const events = await prisma.applicationEvent.findMany({
        where: { applicationId: id },
        orderBy: { id: "asc" },
        select: { actorId: true, toStatus: true },
      });
      const reviewer = await prisma.user.findUniqueOrThrow({ where: { username: `${tag}_reviewer` } });
      expect(events).toEqual([
        { actorId: applicantRow.id, toStatus: "pending" },
        { actorId: reviewer.id, toStatus: "in_review" },
      ]);
      expect((await trail(id)).status).toBe("in_review");
    },
  );
});

describe("withdrawing and drafts", () => {
  test("an application is withdrawn by its student only, and stays with its history as withdrawn", async () => {
    const created = await (
      await apply(bob, { programId: otherProgramId, personalStatement: statement, academicHistory: history })
    ).json();
    const params = { params: { id: String(created.id) } };
    expect(
      (await alice.call(withdraw, `/api/applications/${created.id}`, { method: "DELETE", ...params })).status,
    ).toBe(404);
    expect(
      (await bob.call(withdraw, `/api/applications/${created.id}`, { method: "DELETE", ...params })).status,
    ).toBe(204);
    const kept = await prisma.application.findUniqueOrThrow({
      where: { id: created.id },
      select: {
        status: true,
        events: { orderBy: { id: "asc" }, select: { toStatus: true, transition: true } },
      },
    });
    expect(kept).toEqual({
      status: "withdrawn",
      events: [
        { toStatus: "pending", transition: null },
        { toStatus: "withdrawn", transition: "withdraw" },
      ],
    });
    // Withdrawn is final: a second withdrawal is a 409 that says so.
    const again = await bob.call(withdraw, `/api/applications/${created.id}`, {
      method: "DELETE",
      ...params,
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toContain("Withdrawn is a final status.");
  });

  test("a draft is saved per student and program, read back, and deleted", async () => {
    const params = { params: { programId: String(otherProgramId) } };
    const path = `/api/applications/drafts/${otherProgramId}`;
    // Bob's withdrawn application (above) left its answers as his draft.
    const withdrawn = await (await bob.call(getDraft, path, params)).json();
    expect(withdrawn.data.personalStatement).toBe(statement);
    const saved = await bob.call(putDraft, path, {
      method: "PUT",
      json: { step: 1, personalStatement: "Dear committee," },
      ...params,
    });
    expect(saved.status).toBe(200);
    const draft = await (await bob.call(getDraft, path, params)).json();
    expect(draft.data).toMatchObject({ step: 1, personalStatement: "Dear committee," });
    expect(await (await alice.call(getDraft, path, params)).json()).toBeNull();
    expect((await bob.call(dropDraft, path, { method: "DELETE", ...params })).status).toBe(204);
    expect(await (await bob.call(getDraft, path, params)).json()).toBeNull();
    expect((await new Agent().call(getDraft, path, params)).status).toBe(401);
    expect(
      (
        await bob.call(putDraft, "/api/applications/drafts/2000000000", {
          method: "PUT",
          json: {},
          params: { programId: "2000000000" },
        })
      ).status,
    ).toBe(404);
  });
});
