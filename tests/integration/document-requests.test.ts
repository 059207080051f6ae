// First: DOCUMENTS_DIR must point at a temporary folder before the storage module reads it.
import { documentsDir } from "../support/temp-documents";
import { rmSync } from "node:fs";
import { GET as listRoute, POST as submit } from "@/app/api/applications/route";
import { DELETE as withdraw, GET as detailRoute } from "@/app/api/applications/[id]/route";
import { POST as requestRoute } from "@/app/api/applications/[id]/requests/route";
import { PUT as uploadRoute } from "@/app/api/applications/[id]/requests/[requestId]/document/route";
import { POST as answerRoute } from "@/app/api/applications/[id]/requests/[requestId]/answer/route";
import { POST as closeRoute } from "@/app/api/applications/[id]/requests/[requestId]/close/route";
import { PUT as putDraftDocument } from "@/app/api/applications/drafts/[programId]/documents/[typeId]/route";
import { GET as readDocument } from "@/app/api/documents/[id]/route";
import { answerRequestAction, closeRequestAction, requestDocumentAction } from "@/lib/applications/actions";
import { meaningOf, madeBy, type HistoryEntry } from "@/lib/applications/history";
import { prisma } from "@/lib/db/client.server";
import { documentFileAudit } from "@/lib/documents/commands.server";
import { SENT_BY_SCRIPT_FIELD } from "@/lib/http/form-state";
import type { Mail } from "@/lib/mail/send.server";
import type { Agent } from "../support/agent";
import { makePdf } from "../support/documents";
import { cleanup, createStudent, createTeamAdmin, createUniversity, remember } from "../support/factories";
import { signIn } from "../support/roles";

// The team asks for a document or a correction after submission: the student is e-mailed, sees
// the request, uploads a new version (the submitted one stays) and answers; the team closes it.
// Each step is an event of the history; the admin list filters on open and answered requests.
// Refusals change nothing.

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({
  ...jest.requireActual("@/lib/mail/send.server"),
  sendMail: async (mail: Mail) => void sent.push(mail),
}));

const statement = "I would love to study here. ".repeat(20);
const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 };
let programId: number;
let transcriptId: number;
let team: Agent;

beforeAll(async () => {
  const university = await createUniversity({ programs: [{ name: "Requested Studies", degree: "MA" }] });
  programId = university.programs[0].id;
  transcriptId = (await prisma.documentType.findUniqueOrThrow({ where: { name: "Transcript" } })).id;
  await prisma.programDocument.create({ data: { programId, documentType: "Transcript", required: true } });
  team = await signIn((await createTeamAdmin()).username);
}, 60_000);

afterAll(async () => {
  await cleanup();
  rmSync(documentsDir, { recursive: true, force: true });
});

/** A student who applied to the program with a transcript: their agent, application and document. */
async function applied(student?: { id: number; username: string }) {
  const row = student ?? (await createStudent());
  const agent = await signIn(row.username);
  const uploaded = await agent.call(
    putDraftDocument,
    `/api/applications/drafts/${programId}/documents/${transcriptId}?name=first.pdf`,
    {
      method: "PUT",
      body: await makePdf(),
      params: { programId: String(programId), typeId: String(transcriptId) },
    },
  );
  expect(uploaded.status).toBe(201);
  const answer = await agent.call(submit, "/api/applications", {
    json: { programId, personalStatement: statement, academicHistory: history },
  });
  expect(answer.status).toBe(201);
  const application = remember("application", (await answer.json()) as { id: number });
  return { agent, id: application.id, document: (await uploaded.json()) as { id: number } };
}

const ask = (agent: Agent, id: number, json: unknown) =>
  agent.call(requestRoute, `/api/applications/${id}/requests`, { json, params: { id: String(id) } });
const upload = (agent: Agent, id: number, requestId: number, body: Uint8Array, name = "second.pdf") =>
  agent.call(uploadRoute, `/api/applications/${id}/requests/${requestId}/document?name=${name}`, {
    method: "PUT",
    body,
    params: { id: String(id), requestId: String(requestId) },
  });
const answerIt = (agent: Agent, id: number, requestId: number, json: unknown = {}) =>
  agent.call(answerRoute, `/api/applications/${id}/requests/${requestId}/answer`, {
    json,
    params: { id: String(id), requestId: String(requestId) },
  });
const close = (agent: Agent, id: number, requestId: number) =>
  agent.call(closeRoute, `/api/applications/${id}/requests/${requestId}/close`, {
    method: "POST",
    params: { id: String(id), requestId: String(requestId) },
  });
const detail = async (agent: Agent, id: number) =>
  (await (
    await agent.call(detailRoute, `/api/applications/${id}`, { params: { id: String(id) } })
  ).json()) as {
    requests: { open: number; answered: number };
    documentRequests: { id: number; status: string; documents: { id: number; requestId: number }[] }[];
    history: HistoryEntry[];
  };
const listed = async (query: string) =>
  (
    (await (
      await team.call(listRoute, `/api/applications?${query}&q=Requested%20Studies&limit=500`)
    ).json()) as { id: number }[]
  ).map((item) => item.id);

test("the team asks for a document; the student uploads a new version and answers; the team closes it", async () => {
  const { agent, id, document: submitted } = await applied();
  const before = await prisma.applicationDocument.findUniqueOrThrow({ where: { id: submitted.id } });
  sent.length = 0;

  const asked = await ask(team, id, {
    documentType: "Transcript",
    message: "Page 2 is missing.\nSend all pages.",
  });
  expect(asked.status).toBe(201);
  const request = (await asked.json()) as { id: number; status: string; documentType: string };
  expect(request).toMatchObject({
    status: "open",
    documentType: "Transcript",
    message: "Page 2 is missing.\nSend all pages.",
  });
  expect(sent).toHaveLength(1);
  expect(sent[0].subject).toMatch(/^Requested Studies \(MA\) at .*: action required: Transcript$/);
  expect(sent[0].text).toContain("Page 2 is missing.");
  expect((await detail(agent, id)).requests).toEqual({ open: 1, answered: 0 });
  expect(await listed("requests=open")).toContain(id);
  expect(await listed("requests=answered")).not.toContain(id);

  // Answering before the document is uploaded is refused, saying what to do.
  const early = await answerIt(agent, id, request.id);
  expect(early.status).toBe(400);
  expect((await early.json()).error).toBe("Upload the document asked for first, then answer the request.");

  const pdf = await makePdf();
  const uploaded = await upload(agent, id, request.id, pdf);
  expect(uploaded.status).toBe(201);
  const version = (await uploaded.json()) as { id: number; requestId: number; documentType: string };
  expect(version).toMatchObject({ requestId: request.id, documentType: "Transcript" });
  // The submitted version is untouched, and both can be read.
  expect(await prisma.applicationDocument.findUniqueOrThrow({ where: { id: submitted.id } })).toEqual(before);
  const reads = [submitted.id, version.id].map((documentId) =>
    team.call(readDocument, `/api/documents/${documentId}`, { params: { id: String(documentId) } }),
  );
  for (const read of reads) expect((await read).status).toBe(200);

  const answered = await answerIt(agent, id, request.id, { answer: "Here are all pages." });
  expect(answered.status).toBe(200);
  expect(await answered.json()).toMatchObject({ status: "answered", answer: "Here are all pages." });
  expect(await listed("requests=answered")).toContain(id);
  expect(await listed("requests=open")).not.toContain(id);
  // Answered once: the request no longer takes an upload or another answer.
  expect((await upload(agent, id, request.id, pdf)).status).toBe(409);
  expect((await answerIt(agent, id, request.id)).status).toBe(409);

  const closed = await close(team, id, request.id);
  expect(closed.status).toBe(200);
  expect(await closed.json()).toMatchObject({ status: "closed" });
  expect((await close(team, id, request.id)).status).toBe(200);
  expect(await listed("requests=answered")).not.toContain(id);

  const seen = await detail(agent, id);
  expect(seen.requests).toEqual({ open: 0, answered: 0 });
  expect(seen.documentRequests).toMatchObject([
    { id: request.id, status: "closed", documents: [{ id: version.id, requestId: request.id }] },
  ]);
  const steps = seen.history.filter((entry) => entry.from !== null);
  expect(steps.map((entry) => entry.transition)).toEqual([
    "request-document",
    "upload-requested-document",
    "answer-request",
    "close-request",
  ]);
  expect(steps.every((entry) => entry.from === "pending" && entry.to === "pending")).toBe(true);
  expect(steps.map((entry) => `${meaningOf(entry, "student")} (${madeBy(entry, "student")})`)).toEqual([
    "The admissions team asked you for your Transcript. (by the admissions team)",
    "You uploaded a new version of your Transcript as asked. (by you)",
    "You answered the request for your Transcript. (by you)",
    "The admissions team closed the request for your Transcript. (by the admissions team)",
  ]);
  const audits = await prisma.auditEvent.findMany({
    where: { entityType: "application", entityId: String(id) },
    orderBy: { id: "asc" },
    select: { action: true },
  });
  expect(audits.map((audit) => audit.action)).toEqual(["application.request", "application.closeRequest"]);
  expect(await documentFileAudit({ applicationId: id })).toMatchObject({ rowsWithoutFile: [] });
});

test("a correction needs an answer with words; staff may close an open request", async () => {
  const { agent, id } = await applied();
  const asked = await ask(team, id, { message: "Your graduation year says 2031: is it 2021?" });
  expect(asked.status).toBe(201);
  const correction = (await asked.json()) as { id: number; documentType: string | null };
  expect(correction.documentType).toBeNull();

  const blank = await answerIt(agent, id, correction.id, { answer: "   " });
  expect(blank.status).toBe(400);
  expect((await blank.json()).fieldErrors).toEqual({
    answer: ["Say what you corrected, or answer the question asked."],
  });
  // A correction takes no document.
  expect((await upload(agent, id, correction.id, await makePdf())).status).toBe(409);
  const answered = await answerIt(agent, id, correction.id, { answer: "Yes, 2021." });
  expect(answered.status).toBe(200);

  const other = (await (
    await ask(team, id, { documentType: "Transcript", message: "A certified copy." })
  ).json()) as {
    id: number;
  };
  const closed = await close(team, id, other.id);
  expect(await closed.json()).toMatchObject({ status: "closed", documents: [] });
  expect((await upload(agent, id, other.id, await makePdf())).status).toBe(409);
});

test("refusals: another student, the admin's own application, a closed application, bad input", async () => {
  const { agent, id } = await applied();
  const stranger = await signIn((await createStudent()).username);
  const request = (await (
    await ask(team, id, { documentType: "Transcript", message: "Again please." })
  ).json()) as {
    id: number;
  };
  const rows = () =>
    prisma.documentRequest.findMany({ where: { applicationId: id }, orderBy: { id: "asc" } });
  const documents = () => prisma.applicationDocument.count({ where: { applicationId: id } });
  const [requestsBefore, documentsBefore] = [await rows(), await documents()];

  // Another student reaches neither the application nor its request: the 404 of a missing one.
  expect((await upload(stranger, id, request.id, await makePdf())).status).toBe(404);
  expect((await answerIt(stranger, id, request.id, { answer: "Mine" })).status).toBe(404);
  // A student is not staff, and a request of another application is not found.
  expect((await ask(agent, id, { message: "Ask myself" })).status).toBe(403);
  expect((await close(agent, id, request.id)).status).toBe(403);
  const elsewhere = await applied();
  expect((await close(team, elsewhere.id, request.id)).status).toBe(404);
  expect((await upload(elsewhere.agent, elsewhere.id, request.id, await makePdf())).status).toBe(404);
  // Bad input: no message, an unknown type.
  const silent = await ask(team, id, { documentType: "Transcript", message: "  " });
  expect(silent.status).toBe(400);
  expect((await silent.json()).fieldErrors.message).toEqual(["Say what the student should send or correct."]);
  const unknown = await ask(team, id, { documentType: "No such type", message: "Send it." });
  expect(unknown.status).toBe(400);
  expect((await unknown.json()).fieldErrors.documentType).toEqual([
    "Choose one of the document types, or Something else.",
  ]);
  // A hostile file is refused like any upload, and leaves nothing.
  expect((await upload(agent, id, request.id, await makePdf("launch"))).status).toBe(422);
  expect(await rows()).toEqual(requestsBefore);
  expect(await documents()).toBe(documentsBefore);

  // An admin who applied may not ask for their own documents; another admin may.
  const teamAdmin = await createTeamAdmin();
  const own = await applied(teamAdmin);
  const refused = await ask(own.agent, own.id, { message: "Asking myself." });
  expect(refused.status).toBe(403);
  expect((await refused.json()).error).toBe(
    "You submitted this application, so another team member must review it.",
  );
  expect((await ask(team, own.id, { message: "Is your name spelled right?" })).status).toBe(201);

  // Withdrawn: no new request, no answer; the team may still close what was open.
  expect(
    (await agent.call(withdraw, `/api/applications/${id}`, { method: "DELETE", params: { id: String(id) } }))
      .status,
  ).toBe(204);
  const late = await ask(team, id, { message: "One more thing." });
  expect(late.status).toBe(409);
  expect((await late.json()).error).toMatch(
    /^Documents and corrections are asked for while an application is open \(Pending, .*\); this application is Withdrawn\.$/,
  );
  expect((await upload(agent, id, request.id, await makePdf())).status).toBe(409);
  expect((await answerIt(agent, id, request.id, { answer: "Late" })).status).toBe(409);
  expect((await close(team, id, request.id)).status).toBe(200);
});

test("the forms: staff ask and close, the student answers, with and without a script", async () => {
  const { agent, id } = await applied();
  const page = `/admin/applications/${id}`;
  const asked = await team.act(
    requestDocumentAction,
    {
      applicationId: String(id),
      documentType: "",
      message: "Check your address.",
      [SENT_BY_SCRIPT_FIELD]: "1",
    },
    { path: page },
  );
  expect(asked.state).toMatchObject({
    message: "The student was asked by e-mail: A correction.",
    redirectTo: page,
  });
  const request = await prisma.documentRequest.findFirstOrThrow({ where: { applicationId: id } });

  const refused = await agent.act(
    answerRequestAction,
    { applicationId: String(id), requestId: String(request.id), answer: "" },
    { path: "/user/applications" },
  );
  expect(refused.state).toMatchObject({ status: 400, fieldErrors: { answer: [expect.any(String)] } });
  const answered = await agent.act(
    answerRequestAction,
    { applicationId: String(id), requestId: String(request.id), answer: "Corrected." },
    { path: "/user/applications" },
  );
  expect(answered.state).toMatchObject({ message: "Your answer was sent to the admissions team." });

  const closed = await team.act(
    closeRequestAction,
    { applicationId: String(id), requestId: String(request.id) },
    { path: page },
  );
  expect(closed.redirect).toBe(page);
  expect((await prisma.documentRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe(
    "closed",
  );
});
