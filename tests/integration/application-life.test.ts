import { PATCH as markRoute } from "@/app/api/applications/[id]/conditions/[conditionId]/route";
import { GET as read, PATCH as move, DELETE as withdraw } from "@/app/api/applications/[id]/route";
import { POST as reply } from "@/app/api/applications/[id]/reply/route";
import { POST as submit } from "@/app/api/applications/route";
import { replyToOfferAction } from "@/lib/applications/actions";
import { prisma } from "@/lib/db/client.server";
import { SENT_BY_SCRIPT_FIELD } from "@/lib/http/form-state";
import type { Mail } from "@/lib/mail/send.server";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
} from "../support/factories";
import { signIn } from "../support/roles";

// An application's life after the university decides, through the API and the student's form:
// each move is one event with its transition, one audit entry for staff and one e-mail, and the
// table refuses what it does not allow with a 409 that names what it allows.

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({
  ...jest.requireActual("@/lib/mail/send.server"),
  sendMail: async (mail: Mail) => void sent.push(mail),
}));

afterAll(cleanup);

let admin: Agent;
let adminName: string;
beforeAll(async () => {
  const account = await createTeamAdmin();
  adminName = account.fullName;
  admin = await signIn(account.username);
}, 60_000);

/** A student with an application sent to the university, and their signed-in agent. */
async function sentToUniversity() {
  const student = await createStudent();
  const university = await createUniversity({ programs: [{ level: "Master's" }] });
  const programId = university.programs[0].id;
  const application = await createApplication({
    userId: student.id,
    programId,
    status: "sent_to_university",
  });
  return { student, programId, id: application.id, agent: await signIn(student.username) };
}

const mark = (id: number, conditionId: number, json: unknown, agent = admin) =>
  agent.call(markRoute, `/api/applications/${id}/conditions/${conditionId}`, {
    method: "PATCH",
    json,
    params: { id: String(id), conditionId: String(conditionId) },
  });
const detail = (id: number, agent = admin) =>
  agent.call(read, `/api/applications/${id}`, { params: { id: String(id) } });
const patch = (id: number, json: unknown, agent = admin) =>
  agent.call(move, `/api/applications/${id}`, { method: "PATCH", json, params: { id: String(id) } });
const answer = (agent: Agent, id: number, json: unknown) =>
  agent.call(reply, `/api/applications/${id}/reply`, { json, params: { id: String(id) } });

async function historyOf(id: number) {
  const events = await prisma.applicationEvent.findMany({
    where: { applicationId: id },
    orderBy: { id: "asc" },
    select: { toStatus: true, transition: true, reason: true, data: true },
  });
  return events;
}

test("conditional offer, accepted, conditions met, enrolled: every step an event, audit entry and e-mail", async () => {
  const { id, agent, student: applicant } = await sentToUniversity();
  const toStudent = () => sent.filter((mail) => mail.to === applicant.email);
  sent.length = 0;
  const offered = await patch(id, {
    status: "approved",
    offer: { conditions: ["IELTS 6.5 overall", "Final transcript"], replyBy: "2027-03-12" },
  });
  expect(offered.status).toBe(200);
  expect(await offered.json()).toMatchObject({ status: "approved", transition: "make-offer" });
  expect(sent.at(-1)?.text).toContain("- IELTS 6.5 overall");
  expect(sent.at(-1)?.text).toContain("Reply to the offer by 2027-03-12.");

  const accepted = await answer(agent, id, { answer: "accept" });
  expect(accepted.status).toBe(200);
  expect(await accepted.json()).toMatchObject({ status: "conditions-pending", transition: "accept-offer" });

  // The place waits for each condition to be marked met, one by one.
  const early = await patch(id, { status: "place-confirmed", note: "All conditions met." });
  expect(early.status).toBe(409);
  expect((await early.json()).error).toBe(
    "Mark every condition of the offer met first (0 of 2 conditions met).",
  );
  const { conditions } = await (await detail(id)).json();
  expect(conditions).toMatchObject([
    { text: "IELTS 6.5 overall", status: "pending", changedBy: null, changedAt: null },
    { text: "Final transcript", status: "pending", changedBy: null, changedAt: null },
  ]);
  const ielts = await mark(id, conditions[0].id, {
    status: "met",
    from: "pending",
    note: "Certificate seen.",
  });
  expect(ielts.status).toBe(200);
  expect(await ielts.json()).toMatchObject({ status: "met", changedBy: adminName });
  expect((await patch(id, { status: "place-confirmed" })).status).toBe(409);
  expect((await mark(id, conditions[1].id, { status: "met" })).status).toBe(200);
  expect((await patch(id, { status: "place-confirmed", note: "All conditions met." })).status).toBe(200);
  // Once the place is confirmed, the conditions are settled.
  const settled = await mark(id, conditions[1].id, { status: "not-met" });
  expect(settled.status).toBe(409);
  expect((await settled.json()).error).toBe(
    "The offer's conditions are marked while it stands (Approved, Conditions Pending, Deferred); this application is Place Confirmed.",
  );
  expect((await patch(id, { status: "enrolled" })).status).toBe(200);

  expect((await historyOf(id)).map((e) => [e.toStatus, e.transition])).toEqual([
    ["approved", "make-offer"],
    ["conditions_pending", "accept-offer"],
    ["conditions_pending", "update-condition"],
    ["conditions_pending", "update-condition"],
    ["place_confirmed", "confirm-conditions"],
    ["enrolled", "enrol"],
  ]);
  const student = await (await detail(id, agent)).json();
  expect(student.conditions.map((c: { status: string }) => c.status)).toEqual(["met", "met"]);
  // Staff moves and marks are audited; the student's own reply is in the history only.
  const audited = await prisma.auditEvent.findMany({
    where: { entityType: "application", entityId: String(id) },
    orderBy: { id: "asc" },
    select: { action: true, after: true },
  });
  expect(
    audited.map((a) => {
      const after = a.after as { transition?: string; condition?: string; status?: string };
      return a.action === "application.condition" ? `${after.condition}: ${after.status}` : after.transition;
    }),
  ).toEqual(["make-offer", "IELTS 6.5 overall: Met", "Final transcript: Met", "confirm-conditions", "enrol"]);
  expect(toStudent().map((m) => m.subject.split(": ").at(-1))).toEqual([
    "your application is now Approved",
    "your application is now Conditions Pending",
    "your application is now Place Confirmed",
    "your application is now Enrolled",
  ]);
  // The student's reply is the team's to know: each active admin is told.
  const toTeam = sent.filter((mail) => mail.to !== applicant.email);
  expect(toTeam.length).toBeGreaterThan(0);
  expect(new Set(toTeam.map((mail) => mail.subject.split(": ").at(-1)))).toEqual(
    new Set([`Conditions Pending (${applicant.fullName})`]),
  );
  // Enrolled is final: even withdrawing is refused, naming why.
  const late = await agent.call(withdraw, `/api/applications/${id}`, {
    method: "DELETE",
    params: { id: String(id) },
  });
  expect(late.status).toBe(409);
  expect((await late.json()).error).toBe(
    "An application cannot move from Enrolled to Withdrawn. Enrolled is a final status.",
  );
});

test("an offer without conditions, accepted, confirms the place at once", async () => {
  const { id, agent } = await sentToUniversity();
  // The contract's bare status: an unconditional offer to reply to within 14 days.
  expect((await patch(id, { status: "approved" })).status).toBe(200);
  const [offer] = await historyOf(id);
  const replyBy = (offer.data as { offer: { replyBy: string; conditions: string[] } }).offer;
  expect(replyBy.conditions).toEqual([]);
  expect(replyBy.replyBy).toBe(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));
  const accepted = await answer(agent, id, { answer: "accept" });
  expect(await accepted.json()).toMatchObject({
    status: "place-confirmed",
    transition: "accept-unconditional-offer",
  });
});

test("declining says why; a second reply, another student's and a reply without an offer are refused", async () => {
  const { id, agent } = await sentToUniversity();
  const other = await sentToUniversity();
  expect((await answer(agent, id, { answer: "accept" })).status).toBe(409);
  expect((await patch(id, { status: "approved" })).status).toBe(200);
  expect((await answer(other.agent, id, { answer: "decline" })).status).toBe(404);
  expect((await answer(agent, id, { answer: "maybe" })).status).toBe(400);

  const declined = await answer(agent, id, { answer: "decline", reason: "I chose another university." });
  expect(declined.status).toBe(200);
  expect((await historyOf(id)).at(-1)).toMatchObject({
    toStatus: "offer_declined",
    transition: "decline-offer",
    reason: "I chose another university.",
  });
  const again = await answer(agent, id, { answer: "accept" });
  expect(again.status).toBe(409);
  expect((await again.json()).error).toContain("Offer Declined is a final status.");
});

test("the offer's form: sent by its script it answers in place; posted, it answers the same", async () => {
  for (const script of [true, false]) {
    const { id, agent } = await sentToUniversity();
    expect((await patch(id, { status: "approved" })).status).toBe(200);
    const fields: Record<string, string> = { applicationId: String(id), answer: "decline" };
    if (script) fields[SENT_BY_SCRIPT_FIELD] = "1";
    const result = await agent.act(replyToOfferAction, fields, { path: "/user/applications" });
    expect(result.state).toEqual({ message: "You declined the offer." });
    expect((await prisma.application.findUniqueOrThrow({ where: { id } })).status).toBe("offer_declined");
  }
});

test("what a move needs is asked for on its field, and nothing changes meanwhile", async () => {
  const { id } = await sentToUniversity();
  expect((await patch(id, { status: "approved" })).status).toBe(200);
  const withdrawn = await patch(id, { status: "offer-withdrawn" });
  expect(withdrawn.status).toBe(400);
  expect((await withdrawn.json()).fieldErrors).toEqual({
    reason: ["Say why, in a sentence: the student reads it"],
  });
  const badReason = await patch(id, { status: "rejected", reasons: [{ code: "luck", detail: "x" }] });
  expect(badReason.status).toBe(400);
  expect((await prisma.application.findUniqueOrThrow({ where: { id } })).status).toBe("approved");
  const done = await patch(id, { status: "offer-withdrawn", reason: "The program was cancelled." });
  expect(done.status).toBe(200);
});

test("a rejection keeps its reasons, and the student may apply again", async () => {
  const { id, programId, agent } = await sentToUniversity();
  sent.length = 0;
  const rejected = await patch(id, {
    status: "rejected",
    reasons: [{ code: "places", detail: "All 40 places were filled by the first round." }],
    note: "Our spring intake has places left: apply to it by 1 May.",
  });
  expect(rejected.status).toBe(200);
  expect((await historyOf(id)).at(-1)?.data).toEqual({
    reasons: [{ code: "places", detail: "All 40 places were filled by the first round." }],
  });
  // The e-mail carries the reasons and what the student could do next.
  expect(sent).toHaveLength(1);
  expect(sent[0].text).toContain("The reason:");
  expect(sent[0].text).toContain("All 40 places were filled by the first round.");
  expect(sent[0].text).toContain("What you could do next:");
  expect(sent[0].text).toContain("Our spring intake has places left: apply to it by 1 May.");
  expect(sent[0].text).toContain("You may apply to this program again");
  const again = await agent.call(submit, "/api/applications", {
    json: {
      programId,
      personalStatement: "I would love to study here. ".repeat(20),
      academicHistory: { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 },
    },
  });
  expect(again.status).toBe(201);
  // One open application per program: a third is refused.
  const third = await agent.call(submit, "/api/applications", {
    json: {
      programId,
      personalStatement: "I would love to study here. ".repeat(20),
      academicHistory: { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 },
    },
  });
  expect(third.status).toBe(409);
});

test.each(["approved", "conditions_pending", "place_confirmed", "deferred", "inactive"] as const)(
  "a student withdraws from %s, keeping the application and saying why",
  async (status) => {
    const { id, agent } = await sentToUniversity();
    await prisma.application.update({ where: { id }, data: { status } });
    const response = await agent.call(withdraw, `/api/applications/${id}`, {
      method: "DELETE",
      params: { id: String(id) },
    });
    expect(response.status).toBe(204);
    expect((await prisma.application.findUniqueOrThrow({ where: { id } })).status).toBe("withdrawn");
    expect((await historyOf(id)).at(-1)).toMatchObject({ toStatus: "withdrawn", transition: "withdraw" });
  },
);

test("staff cannot make the student's moves, nor a student the team's", async () => {
  const { id, agent } = await sentToUniversity();
  expect((await patch(id, { status: "approved" })).status).toBe(200);
  const staffAccept = await patch(id, { status: "place-confirmed" });
  expect(staffAccept.status).toBe(409);
  expect((await staffAccept.json()).error).toBe(
    "An application cannot move from Approved to Place Confirmed. From Approved it can move to: Offer Withdrawn.",
  );
  expect((await patch(id, { status: "enrolled" }, agent)).status).toBe(403);
});
