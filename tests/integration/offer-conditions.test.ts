import { PATCH as markRoute } from "@/app/api/applications/[id]/conditions/[conditionId]/route";
import { PATCH as move } from "@/app/api/applications/[id]/route";
import { POST as reply } from "@/app/api/applications/[id]/reply/route";
import { markConditionAction } from "@/lib/applications/actions";
import { prisma } from "@/lib/db/client.server";
import { SENT_BY_SCRIPT_FIELD } from "@/lib/http/form-state";
import type { Mail } from "@/lib/mail/send.server";
import { changedSinceOpened } from "@/lib/validation/common";
import type { Agent } from "../support/agent";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
} from "../support/factories";
import { signIn } from "../support/roles";

// An offer's conditions are tracked one by one: the team marks each met, not met or pending again
// (who and when, an event and an audit entry each), the place is confirmed once all are met and
// the conditions recorded not met once one is. A student holds one place per start: accepting a
// second offer for the same start asks to decline the first, and then does both at once.

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({
  ...jest.requireActual("@/lib/mail/send.server"),
  sendMail: async (mail: Mail) => void sent.push(mail),
}));

afterAll(cleanup);

let admin: Agent;
beforeAll(async () => {
  admin = await signIn((await createTeamAdmin()).username);
}, 60_000);

const patch = (id: number, json: unknown) =>
  admin.call(move, `/api/applications/${id}`, { method: "PATCH", json, params: { id: String(id) } });
const mark = (id: number, conditionId: number, json: unknown, agent = admin) =>
  agent.call(markRoute, `/api/applications/${id}/conditions/${conditionId}`, {
    method: "PATCH",
    json,
    params: { id: String(id), conditionId: String(conditionId) },
  });
const answer = (agent: Agent, id: number, json: unknown) =>
  agent.call(reply, `/api/applications/${id}/reply`, { json, params: { id: String(id) } });
const statusOf = async (id: number) => (await prisma.application.findUniqueOrThrow({ where: { id } })).status;
const conditionsOf = (applicationId: number) =>
  prisma.offerCondition.findMany({
    where: { applicationId },
    orderBy: { position: "asc" },
    select: { id: true, text: true, status: true },
  });

/** A student's application to a new program, offered a place by the university. */
async function offered(
  student: { id: number; username: string },
  offer: { conditions?: string[]; startTerm?: string },
) {
  const university = await createUniversity({ programs: [{ level: "Master's" }] });
  const application = await createApplication({
    userId: student.id,
    programId: university.programs[0].id,
    status: "sent_to_university",
  });
  const made = await patch(application.id, {
    status: "approved",
    offer: { replyBy: "2027-03-12", ...offer },
  });
  expect(made.status).toBe(200);
  return { id: application.id, university };
}

test("a condition marked not met lets the team record the conditions not met, saying which", async () => {
  const student = await createStudent();
  const agent = await signIn(student.username);
  const { id } = await offered(student, { conditions: ["IELTS 6.5 overall", "Final transcript"] });
  expect((await answer(agent, id, { answer: "accept" })).status).toBe(200);
  const [ielts, transcript] = await conditionsOf(id);

  const early = await patch(id, { status: "conditions-not-met", reason: "The transcript never came." });
  expect(early.status).toBe(409);
  expect((await early.json()).error).toBe("Mark the condition that was not met first.");

  expect((await mark(id, ielts.id, { status: "met" })).status).toBe(200);
  expect(
    (await mark(id, transcript.id, { status: "not-met", note: "No transcript by 1 August." })).status,
  ).toBe(200);
  const recorded = await patch(id, { status: "conditions-not-met", reason: "The transcript never came." });
  expect(recorded.status).toBe(200);
  expect(await statusOf(id)).toBe("conditions_not_met");
  const last = await prisma.applicationEvent.findFirstOrThrow({
    where: { applicationId: id },
    orderBy: { id: "desc" },
    select: { transition: true, data: true, reason: true },
  });
  expect(last).toEqual({
    transition: "conditions-not-met",
    data: { conditions: ["Final transcript"] },
    reason: "The transcript never came.",
  });
  const marked = await prisma.applicationEvent.findFirstOrThrow({
    where: { applicationId: id, transition: "update-condition", note: { not: null } },
    select: { note: true, data: true, fromStatus: true, toStatus: true },
  });
  expect(marked).toMatchObject({
    note: "No transcript by 1 August.",
    data: { condition: { text: "Final transcript", status: "not-met", previous: "pending" } },
    fromStatus: "conditions_pending",
    toStatus: "conditions_pending",
  });
});

test("marking a condition: stale pages, other applications' conditions, students and bad input change nothing", async () => {
  const student = await createStudent();
  const agent = await signIn(student.username);
  const { id } = await offered(student, { conditions: ["IELTS 6.5 overall"] });
  const other = await offered(await createStudent(), { conditions: ["Portfolio"] });
  const [ielts] = await conditionsOf(id);
  const [portfolio] = await conditionsOf(other.id);
  const events = () => prisma.applicationEvent.count({ where: { applicationId: { in: [id, other.id] } } });
  const before = await events();

  expect((await mark(id, ielts.id, { status: "met", from: "pending" })).status).toBe(200);
  // A page showing it pending, after a colleague marked it met.
  const stale = await mark(id, ielts.id, { status: "not-met", from: "pending" });
  expect(stale.status).toBe(409);
  expect((await stale.json()).error).toBe(changedSinceOpened("condition"));
  // Marking it as it is changes nothing.
  expect(await (await mark(id, ielts.id, { status: "met" })).json()).toMatchObject({ status: "met" });
  expect((await mark(id, portfolio.id, { status: "met" })).status).toBe(404);
  expect((await mark(id, ielts.id, { status: "done" })).status).toBe(400);
  expect((await mark(id, ielts.id, { status: "pending" }, agent)).status).toBe(403);
  expect(await events()).toBe(before + 1);
  expect((await conditionsOf(other.id))[0].status).toBe("pending");
});

test("the conditions' buttons: sent by the script they answer in place; posted, they redirect to the page", async () => {
  const student = await createStudent();
  const { id } = await offered(student, { conditions: ["IELTS 6.5 overall"] });
  const [ielts] = await conditionsOf(id);
  const fields = { applicationId: String(id), conditionId: String(ielts.id), from: "pending", status: "met" };
  const page = `/admin/applications/${id}`;
  const byScript = await admin.act(
    markConditionAction,
    { ...fields, [SENT_BY_SCRIPT_FIELD]: "1" },
    { path: page },
  );
  expect(byScript).toMatchObject({
    redirect: null,
    state: { message: "Condition marked met: IELTS 6.5 overall", redirectTo: page },
  });
  const posted = await admin.act(
    markConditionAction,
    { ...fields, from: "met", status: "pending" },
    { path: page },
  );
  expect(posted.redirect).toBe(page);
  expect((await conditionsOf(id))[0].status).toBe("pending");
});

test("conditions all met before the reply: accepting confirms the place", async () => {
  const student = await createStudent();
  const agent = await signIn(student.username);
  const { id } = await offered(student, { conditions: ["IELTS 6.5 overall"] });
  const [ielts] = await conditionsOf(id);
  expect((await mark(id, ielts.id, { status: "met" })).status).toBe(200);
  const accepted = await answer(agent, id, { answer: "accept" });
  expect(await accepted.json()).toMatchObject({
    status: "place-confirmed",
    transition: "accept-unconditional-offer",
  });
});

test("accepting a second offer for the same start asks to decline the first, then does both", async () => {
  const student = await createStudent();
  const agent = await signIn(student.username);
  const first = await offered(student, { startTerm: "September 2027" });
  const second = await offered(student, { conditions: ["IELTS 6.5"], startTerm: "september  2027" });
  const later = await offered(student, { startTerm: "January 2028" });
  expect((await answer(agent, first.id, { answer: "accept" })).status).toBe(200);
  // Another start is another place.
  expect((await answer(agent, later.id, { answer: "accept" })).status).toBe(200);

  sent.length = 0;
  const asked = await answer(agent, second.id, { answer: "accept" });
  expect(asked.status).toBe(409);
  const programName = first.university.programs[0].name;
  expect((await asked.json()).error).toBe(
    `You have accepted an offer for the same start: ${programName} at ${first.university.name} (September 2027). Accepting this one declines that place: confirm that you want to replace it.`,
  );
  // Naming another application does not do.
  expect((await answer(agent, second.id, { answer: "accept", replaces: later.id })).status).toBe(409);
  expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(["place_confirmed", "approved"]);
  expect(sent).toHaveLength(0);

  const replaced = await answer(agent, second.id, { answer: "accept", replaces: first.id });
  expect(replaced.status).toBe(200);
  expect(await replaced.json()).toMatchObject({ status: "conditions-pending", transition: "accept-offer" });
  expect([await statusOf(first.id), await statusOf(later.id)]).toEqual(["offer_declined", "place_confirmed"]);
  expect(
    await prisma.applicationEvent.findFirstOrThrow({
      where: { applicationId: first.id },
      orderBy: { id: "desc" },
      select: { transition: true, reason: true, actorId: true },
    }),
  ).toEqual({
    transition: "decline-offer",
    reason: "I accepted another offer for September 2027.",
    actorId: student.id,
  });
  const toStudent = () => sent.filter((mail) => mail.to === student.email);
  expect(toStudent().map((m) => m.subject.split(": ").at(-1))).toEqual([
    "your application is now Conditions Pending",
    "your application is now Offer Declined",
  ]);
});
