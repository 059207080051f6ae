// First: DOCUMENTS_DIR must point at a temporary folder before the storage module reads it.
import { documentsDir } from "../support/temp-documents";
import { rmSync } from "node:fs";
import { GET as listRoute, POST as nameRoute } from "@/app/api/applications/[id]/references/route";
import { POST as remindRoute } from "@/app/api/applications/[id]/references/[refId]/reminder/route";
import { POST as replaceRoute } from "@/app/api/applications/[id]/references/[refId]/replace/route";
import { PUT as uploadRoute } from "@/app/api/references/[token]/document/route";
import { GET as readDocument } from "@/app/api/documents/[id]/route";
import { GET as applicationRoute } from "@/app/api/applications/[id]/route";
import { prisma } from "@/lib/db/client.server";
import { PDF_JAVASCRIPT } from "@/lib/documents/limits";
import type { Mail } from "@/lib/mail/send.server";
import { declineReferenceAction, nameRefereeAction, writeReferenceAction } from "@/lib/references/actions";
import {
  LINK_EXPIRED,
  LINK_NOT_VALID,
  LINK_USED,
  markReferenceBounced,
  remindReferee,
  writeReference,
} from "@/lib/references/commands.server";
import { hashToken, referenceLink } from "@/lib/references/queries.server";
import { stopMailQueue } from "@/lib/mail/queue.server";
import type { Agent } from "../support/agent";
import { makePdf } from "../support/documents";
import {
  cleanup,
  createApplication,
  createProgram,
  createStudent,
  createTeamAdmin,
  createUniversity,
  uniqueTag,
} from "../support/factories";
import { signIn } from "../support/roles";

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void sent.push(mail) }));

// References: the student names referees (no more than the program asks for), each gets a
// single-use link; opening it changes nothing, answering spends it; the student reminds once
// after 7 days and replaces a referee; staff read every reference, the student only those they
// did not waive.

const tag = uniqueTag();
const DAY = 86_400_000;
const TEXT = "Robin was the most careful student of my seminar, and wrote a thesis of real depth. ".repeat(4);
let universityId: number;
let student: Agent;
let studentId: number;
let other: Agent;
let team: Agent;

beforeAll(async () => {
  const university = await createUniversity({
    name: `References ${tag} University`,
  });
  universityId = university.id;
  const row = await createStudent({ username: `${tag}_ref_student`, fullName: "Robin Reference" });
  studentId = row.id;
  student = await signIn(row.username);
  other = await signIn((await createStudent({ username: `${tag}_ref_other` })).username);
  team = await signIn((await createTeamAdmin({ username: `${tag}_ref_team` })).username);
});

afterAll(async () => {
  await cleanup();
  await stopMailQueue();
  rmSync(documentsDir, { recursive: true, force: true });
});

beforeEach(() => {
  sent.length = 0;
});

/** An application of the student to a new program that asks for two references. */
async function newApplication() {
  const program = await createProgram({ universityId, name: `Philology ${uniqueTag()}`, degree: "MA" });
  await prisma.program.update({ where: { id: program.id }, data: { referencesRequired: 2 } });
  return (await createApplication({ userId: studentId, programId: program.id })).id;
}

const referee = (n: string, waived = false) => ({
  name: `Dr ${n} ${tag}`,
  email: `${tag}.${n.toLowerCase()}@example.com`,
  relationship: "Thesis supervisor",
  waived,
});

const name = (agent: Agent, applicationId: number, body: unknown) =>
  agent.call(nameRoute, `/api/applications/${applicationId}/references`, {
    json: body,
    params: { id: String(applicationId) },
  });

const list = async (agent: Agent, applicationId: number) =>
  agent.call(listRoute, `/api/applications/${applicationId}/references`, {
    params: { id: String(applicationId) },
  });

/** The token of the link in the last e-mail to `email`. */
function tokenFor(email: string): string {
  const mail = sent.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return /\/reference\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
}

const upload = (token: string, body: Uint8Array, fileName = "reference.pdf") =>
  other.call(uploadRoute, `/api/references/${token}/document?name=${fileName}`, {
    method: "PUT",
    body,
    params: { token },
  });

test("the whole flow: named, e-mailed, opened without change, written once, read by both", async () => {
  const applicationId = await newApplication();
  const ada = referee("Ada");
  const named = await name(student, applicationId, ada);
  expect(named.status).toBe(201);
  expect(await named.json()).toMatchObject({ refereeName: ada.name, status: "requested", waived: false });

  // The referee's e-mail carries the link; the table keeps only its hash.
  const token = tokenFor(ada.email);
  expect(sent.find((m) => m.to === ada.email)!.subject).toMatch(/^Reference for Robin Reference: Philology/);
  const row = await prisma.reference.findFirstOrThrow({ where: { applicationId } });
  expect(row.tokenHash).toBe(hashToken(token));
  expect(JSON.stringify(row)).not.toContain(token);

  // Opening the link (what the page reads) changes nothing.
  const before = await prisma.reference.findUniqueOrThrow({ where: { id: row.id } });
  expect(await referenceLink(token)).toMatchObject({ state: "open", studentName: "Robin Reference" });
  expect(await referenceLink(token)).toMatchObject({ state: "open" });
  expect(await prisma.reference.findUniqueOrThrow({ where: { id: row.id } })).toEqual(before);

  const answer = await other.act(
    writeReferenceAction,
    { token, text: TEXT },
    { path: `/reference/${token}` },
  );
  expect(answer.redirect).toBe(`/reference/${token}`);
  expect(await referenceLink(token)).toMatchObject({ state: "used" });
  // The student is told.
  expect(sent.filter((m) => m.to.includes(tag) && m.subject.includes("reference received"))).toHaveLength(1);

  // A second submit is refused, whichever way it comes.
  const again = await other.act(writeReferenceAction, { token, text: TEXT }, { path: `/reference/${token}` });
  expect(again.state).toMatchObject({ status: 409, error: LINK_USED });
  expect((await upload(token, await makePdf())).status).toBe(409);

  for (const reader of [student, team]) {
    const body = await (await list(reader, applicationId)).json();
    expect(body).toMatchObject({ required: 2, active: 1, open: true });
    expect(body.references[0]).toMatchObject({ status: "received", text: TEXT, readable: true });
  }
  // Each step is in the history, without a status change.
  const history = (
    await prisma.applicationEvent.findMany({ where: { applicationId }, orderBy: { id: "asc" } })
  ).map((event) => [
    event.transition,
    (event.data as { reference: { step: string } }).reference.step,
    event.toStatus,
  ]);
  expect(history).toEqual([
    ["reference", "named", "pending"],
    ["reference", "received", "pending"],
  ]);
});

test("a student names no more referees than the program asks for, and not the same twice", async () => {
  const applicationId = await newApplication();
  expect((await name(student, applicationId, referee("One"))).status).toBe(201);
  const twice = await name(student, applicationId, {
    ...referee("One"),
    email: referee("One").email.toUpperCase(),
  });
  expect(twice.status).toBe(409);
  expect((await name(student, applicationId, referee("Two"))).status).toBe(201);
  const third = await name(student, applicationId, referee("Three"));
  expect(third.status).toBe(409);
  expect((await third.json()).error).toMatch(
    /asks for 2 referees, and you have named 2\. Replace one instead/,
  );
  expect(await prisma.reference.count({ where: { applicationId } })).toBe(2);
});

test("a form posted without JavaScript names a referee and comes back to My Applications", async () => {
  const applicationId = await newApplication();
  const answer = await student.act(
    nameRefereeAction,
    { applicationId: String(applicationId), ...referee("Form"), waived: "on" },
    { path: "/user/applications" },
  );
  expect(answer.redirect).toBe("/user/applications");
  expect(await prisma.reference.findFirstOrThrow({ where: { applicationId } })).toMatchObject({
    waived: true,
  });
  const bad = await student.act(
    nameRefereeAction,
    { applicationId: String(applicationId), name: "", email: "not an address", relationship: "" },
    { path: "/user/applications" },
  );
  expect(bad.state).toMatchObject({ status: 400 });
  expect(Object.keys(bad.state!.fieldErrors ?? {}).sort()).toEqual(["email", "name", "relationship"]);
});

test("another student, or a program without references, gets nothing", async () => {
  const applicationId = await newApplication();
  expect((await name(other, applicationId, referee("Eve"))).status).toBe(404);
  expect((await list(other, applicationId)).status).toBe(404);
  await name(student, applicationId, referee("Owned"));
  const reference = await prisma.reference.findFirstOrThrow({ where: { applicationId } });
  const params = { id: String(applicationId), refId: String(reference.id) };
  const remind = await other.call(
    remindRoute,
    `/api/applications/${applicationId}/references/${reference.id}/reminder`,
    {
      method: "POST",
      params,
    },
  );
  expect(remind.status).toBe(404);
  const replace = await other.call(
    replaceRoute,
    `/api/applications/${applicationId}/references/${reference.id}/replace`,
    {
      json: referee("Mallory"),
      params,
    },
  );
  expect(replace.status).toBe(404);

  const { programs } = await createUniversity({ programs: [{ name: `No References ${tag}`, degree: "MA" }] });
  const plain = (await createApplication({ userId: studentId, programId: programs[0].id })).id;
  expect((await name(student, plain, referee("Nobody"))).status).toBe(409);
});

test("one reminder, from 7 days after the request, with a new link", async () => {
  const applicationId = await newApplication();
  const bea = referee("Bea");
  await name(student, applicationId, bea);
  const first = tokenFor(bea.email);
  const reference = await prisma.reference.findFirstOrThrow({ where: { applicationId } });
  const path = `/api/applications/${applicationId}/references/${reference.id}/reminder`;
  const params = { id: String(applicationId), refId: String(reference.id) };

  const early = await student.call(remindRoute, path, { method: "POST", params });
  expect(early.status).toBe(409);
  expect((await early.json()).error).toMatch(/^You can remind this referee from \d{1,2} \w+ \d{4}\.$/);

  await prisma.reference.update({
    where: { id: reference.id },
    data: { requestedAt: new Date(Date.now() - 8 * DAY) },
  });
  const reminded = await student.call(remindRoute, path, { method: "POST", params });
  expect(reminded.status).toBe(200);
  expect(sent.filter((m) => m.to === bea.email).map((m) => m.subject.split(":")[0])).toEqual([
    "Reference for Robin Reference",
    "Reminder",
  ]);
  const second = tokenFor(bea.email);
  expect(second).not.toBe(first);
  expect(await referenceLink(first)).toEqual({ state: "invalid" });
  expect(await referenceLink(second)).toMatchObject({ state: "open" });

  const twice = await student.call(remindRoute, path, { method: "POST", params });
  expect(twice.status).toBe(409);
  expect((await twice.json()).error).toBe("You have already sent this referee their reminder.");
});

test("replacing a referee spends their link and asks the new one; a received reference stays", async () => {
  const applicationId = await newApplication();
  const cal = referee("Cal");
  await name(student, applicationId, cal);
  const oldToken = tokenFor(cal.email);
  const reference = await prisma.reference.findFirstOrThrow({ where: { applicationId } });
  const dee = referee("Dee");
  const replaced = await student.call(
    replaceRoute,
    `/api/applications/${applicationId}/references/${reference.id}/replace`,
    { json: dee, params: { id: String(applicationId), refId: String(reference.id) } },
  );
  expect(replaced.status).toBe(201);
  expect(await referenceLink(oldToken)).toMatchObject({ state: "replaced" });
  const answer = await other.act(writeReferenceAction, { token: oldToken, text: TEXT });
  expect(answer.state).toMatchObject({ status: 410 });

  // The new referee counts in the old one's place: one more may still be named.
  const body = await (await list(student, applicationId)).json();
  expect(body.references.map((r: { status: string }) => r.status)).toEqual(["replaced", "requested"]);
  expect(body.active).toBe(1);
  await writeReference(tokenFor(dee.email), TEXT);
  const received = body.references[1].id;
  const again = await student.call(
    replaceRoute,
    `/api/applications/${applicationId}/references/${received}/replace`,
    { json: referee("Eli"), params: { id: String(applicationId), refId: String(received) } },
  );
  expect(again.status).toBe(409);
});

test("a referee declines with a reason; the student reads it and is told", async () => {
  const applicationId = await newApplication();
  const fay = referee("Fay");
  await name(student, applicationId, fay);
  const token = tokenFor(fay.email);
  const blank = await other.act(declineReferenceAction, { token, reason: "   " });
  expect(blank.state).toMatchObject({ status: 400 });
  const answer = await other.act(declineReferenceAction, { token, reason: "I hardly know Robin's work." });
  expect(answer.redirect).toBe(`/reference/${token}`);
  const [reference] = (await (await list(student, applicationId)).json()).references;
  expect(reference).toMatchObject({ status: "declined", declineReason: "I hardly know Robin's work." });
  const notice = sent.find((m) => m.subject.endsWith(`${fay.name} declined to write a reference`))!;
  expect(notice.text).toContain("I hardly know Robin's work.");
});

test("an expired link, or one that names nothing, says so and changes nothing", async () => {
  const applicationId = await newApplication();
  const gus = referee("Gus");
  await name(student, applicationId, gus);
  const token = tokenFor(gus.email);
  await prisma.reference.updateMany({
    where: { applicationId },
    data: { tokenExpiresAt: new Date(Date.now() - 1000) },
  });
  expect(await referenceLink(token)).toMatchObject({ state: "expired" });
  expect((await other.act(writeReferenceAction, { token, text: TEXT })).state).toMatchObject({
    status: 410,
    error: LINK_EXPIRED,
  });

  const unknown = "A".repeat(43);
  expect(await referenceLink(unknown)).toEqual({ state: "invalid" });
  const response = await upload(unknown, await makePdf());
  expect(response.status).toBe(404);
  expect((await response.json()).error).toBe(LINK_NOT_VALID);
  expect((await upload("short", await makePdf())).status).toBe(400);
  expect(await prisma.reference.findFirstOrThrow({ where: { applicationId } })).toMatchObject({
    status: "requested",
    answeredAt: null,
  });
});

test("an uploaded PDF: hostile ones refused; a waived one read by staff, never by the student", async () => {
  const applicationId = await newApplication();
  const hal = referee("Hal", true);
  await name(student, applicationId, hal);
  const token = tokenFor(hal.email);

  const hostile = await upload(token, await makePdf("openActionJavaScript"));
  expect(hostile.status).toBe(422);
  expect((await hostile.json()).error).toBe(PDF_JAVASCRIPT);
  expect((await upload(token, new TextEncoder().encode("<html>not a pdf</html>"), "x.pdf")).status).toBe(415);
  expect(await referenceLink(token)).toMatchObject({ state: "open" });

  const pdf = await makePdf();
  const stored = await upload(token, pdf, "Reference%20letter.pdf");
  expect(stored.status).toBe(201);
  const document = await stored.json();
  expect(document).toMatchObject({
    documentType: "Reference",
    name: "Reference letter.pdf",
    size: pdf.length,
  });

  const read = (agent: Agent) =>
    agent.call(readDocument, `/api/documents/${document.id}`, { params: { id: String(document.id) } });
  expect((await read(team)).status).toBe(200);
  expect((await read(student)).status).toBe(404);
  expect((await read(other)).status).toBe(404);

  const mine = (await (await list(student, applicationId)).json()).references[0];
  expect(mine).toMatchObject({
    status: "received",
    waived: true,
    readable: false,
    text: null,
    document: null,
  });
  const staff = (await (await list(team, applicationId)).json()).references[0];
  expect(staff).toMatchObject({
    readable: true,
    document: { id: document.id, name: "Reference letter.pdf" },
  });

  // Not among the student's documents of the application either.
  const detail = await student.call(applicationRoute, `/api/applications/${applicationId}`, {
    params: { id: String(applicationId) },
  });
  expect(JSON.stringify(await detail.json())).not.toContain("Reference letter.pdf");
});

test("a written reference the student waived stays the team's", async () => {
  const applicationId = await newApplication();
  const ivy = referee("Ivy", true);
  await name(student, applicationId, ivy);
  await writeReference(tokenFor(ivy.email), TEXT);
  expect((await (await list(student, applicationId)).json()).references[0]).toMatchObject({ text: null });
  expect((await (await list(team, applicationId)).json()).references[0]).toMatchObject({ text: TEXT });
});

test("a request the mail queue could not deliver marks the reference bounced, once", async () => {
  const applicationId = await newApplication();
  const jo = referee("Jo");
  await name(student, applicationId, jo);
  const reference = await prisma.reference.findFirstOrThrow({ where: { applicationId } });
  expect(await markReferenceBounced(reference.id)).toBe(true);
  expect(await markReferenceBounced(reference.id)).toBe(false);
  const [view] = (await (await list(student, applicationId)).json()).references;
  expect(view.status).toBe("bounced");
  // A bounced referee may be replaced, not reminded.
  await prisma.reference.update({
    where: { id: reference.id },
    data: { requestedAt: new Date(Date.now() - 8 * DAY) },
  });
  await expect(
    remindReferee({ id: studentId, fullName: "Robin Reference" }, applicationId, reference.id),
  ).rejects.toMatchObject({
    status: 409,
  });
  const steps = await prisma.applicationEvent.findMany({ where: { applicationId }, orderBy: { id: "asc" } });
  expect(steps.map((event) => (event.data as { reference: { step: string } }).reference.step)).toEqual([
    "named",
    "bounced",
  ]);
});

test("two answers, or two referees past the number asked, at the same moment: one of each is kept", async () => {
  const applicationId = await newApplication();
  const [first, second, third] = await Promise.all(
    ["Kim", "Lee", "Max"].map((who) => name(student, applicationId, referee(who))),
  );
  expect([first.status, second.status, third.status].sort()).toEqual([201, 201, 409]);
  expect(await prisma.reference.count({ where: { applicationId } })).toBe(2);

  const [named] = await prisma.reference.findMany({ where: { applicationId }, orderBy: { id: "asc" } });
  const token = tokenFor(named.refereeEmail);
  const answers = await Promise.allSettled([
    writeReference(token, TEXT),
    other.act(declineReferenceAction, { token, reason: "Too busy this month." }),
  ]);
  const kept = await prisma.reference.findUniqueOrThrow({ where: { id: named.id } });
  expect(["received", "declined"]).toContain(kept.status);
  // Whichever came second was refused: the text and the reason are never both kept.
  expect(kept.text === null || kept.declineReason === null).toBe(true);
  const refused = answers.filter(
    (answer) =>
      answer.status === "rejected" ||
      (answer.value as { state?: { status?: number } } | undefined)?.state?.status === 409,
  );
  expect(refused).toHaveLength(1);
  const steps = await prisma.applicationEvent.count({
    where: { applicationId, data: { path: ["reference", "step"], not: "named" } },
  });
  expect(steps).toBe(1);
});
