// First: DOCUMENTS_DIR must point at a temporary folder before the storage module reads it.
import { documentsDir } from "../support/temp-documents";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { POST as submit } from "@/app/api/applications/route";
import { DELETE as dropDraft } from "@/app/api/applications/drafts/[programId]/route";
import { GET as listDocuments } from "@/app/api/applications/drafts/[programId]/documents/route";
import {
  DELETE as deleteDocument,
  PUT as putDocument,
} from "@/app/api/applications/drafts/[programId]/documents/[typeId]/route";
import { GET as readDocument } from "@/app/api/documents/[id]/route";
import { DELETE as deleteUser } from "@/app/api/users/[id]/route";
import { POST as addType } from "@/app/api/settings/document-types/route";
import { DELETE as deleteType } from "@/app/api/settings/document-types/[id]/route";
import { prisma } from "@/lib/db/client.server";
import { documentFileAudit } from "@/lib/documents/commands.server";
import { MAX_APPLICATION_DOCUMENTS_BYTES, MAX_DOCUMENT_BYTES, PDF_JAVASCRIPT } from "@/lib/documents/limits";
import type { Mail } from "@/lib/mail/send.server";
import type { Agent } from "../support/agent";
import { makePdf, makePng } from "../support/documents";
import { cleanup, createUniversity, createUser, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";

jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void mail }));

// Documents uploaded to a draft: streamed with their limits, checked by content, read only by
// their owner and (once submitted) staff, required for submitting, fixed after it, and deleted
// with their owner, files included.

const tag = uniqueTag();
const statement = "I would love to study here. ".repeat(20);
const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 };
let programId: number;
let transcriptId: number;
let passportId: number;
let cvId: number;
let student: Agent;
let studentId: number;
let other: Agent;
let team: Agent;

async function typeId(name: string) {
  return (await prisma.documentType.findUniqueOrThrow({ where: { name } })).id;
}

beforeAll(async () => {
  const university = await createUniversity({
    name: `Documents ${tag} University`,
    programs: [{ name: `Archival Science ${tag}`, degree: "MA" }],
  });
  programId = university.programs[0].id;
  [transcriptId, passportId, cvId] = await Promise.all(["Transcript", "Passport", "CV"].map(typeId));
  await prisma.programDocument.createMany({
    data: [
      { programId, documentType: "Transcript", required: true },
      { programId, documentType: "Passport", required: true },
      { programId, documentType: "CV", required: false },
    ],
  });
  const row = await createUser({ role: "student", username: `${tag}_doc_student` });
  studentId = row.id;
  student = await signIn(row.username);
  other = await signIn((await createUser({ role: "student", username: `${tag}_doc_other` })).username);
  team = await signIn((await createUser({ role: "team", username: `${tag}_doc_team` })).username);
});

afterAll(async () => {
  await cleanup();
  rmSync(documentsDir, { recursive: true, force: true });
});

const upload = (
  agent: Agent,
  type: number,
  body: Uint8Array | ReadableStream<Uint8Array>,
  name = "file.pdf",
) =>
  agent.call(
    putDocument,
    `/api/applications/drafts/${programId}/documents/${type}?name=${encodeURIComponent(name)}`,
    {
      method: "PUT",
      body,
      params: { programId: String(programId), typeId: String(type) },
    },
  );

const read = (agent: Agent, id: number) =>
  agent.call(readDocument, `/api/documents/${id}`, { params: { id: String(id) } });

test("a student uploads, replaces, reads and deletes a draft's document", async () => {
  const pdf = await makePdf();
  const first = await upload(student, transcriptId, pdf, "../../Transcript\u202E.pdf");
  expect(first.status).toBe(201);
  const stored = await first.json();
  expect(stored).toMatchObject({
    documentType: "Transcript",
    name: "Transcript.pdf",
    contentType: "application/pdf",
    size: pdf.length,
    status: "clean",
  });

  const replaced = await upload(student, transcriptId, pdf, "transcript-2.pdf");
  expect(replaced.status).toBe(201);
  const second = await replaced.json();
  const listed = await student.call(listDocuments, `/api/applications/drafts/${programId}/documents`, {
    params: { programId: String(programId) },
  });
  expect((await listed.json()).map((d: { id: number }) => d.id)).toEqual([second.id]);
  // The replaced file is gone with its row.
  expect((await read(student, stored.id)).status).toBe(404);

  const download = await read(student, second.id);
  expect(download.status).toBe(200);
  expect(download.headers.get("content-disposition")).toBe(
    `attachment; filename="transcript-2.pdf"; filename*=UTF-8''transcript-2.pdf`,
  );
  expect(download.headers.get("x-content-type-options")).toBe("nosniff");
  expect(download.headers.get("cache-control")).toBe("private, no-store");
  expect(download.headers.get("content-security-policy")).toContain("sandbox");
  expect(download.headers.get("content-type")).toBe("application/pdf");
  expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);

  const removed = await student.call(
    deleteDocument,
    `/api/applications/drafts/${programId}/documents/${transcriptId}`,
    {
      method: "DELETE",
      params: { programId: String(programId), typeId: String(transcriptId) },
    },
  );
  expect(removed.status).toBe(204);
  expect((await read(student, second.id)).status).toBe(404);
  expect(readdirSync(documentsDir).filter((name) => !name.endsWith(".tmp"))).toEqual([]);
});

test("hostile and oversized uploads are refused, and leave nothing behind", async () => {
  const js = await upload(student, transcriptId, await makePdf("openActionJavaScript"));
  expect(js.status).toBe(422);
  expect((await js.json()).error).toBe(PDF_JAVASCRIPT);
  // A PNG where the type takes PDF only.
  expect((await upload(student, transcriptId, makePng(), "transcript.pdf")).status).toBe(415);
  // A type the program does not ask for.
  const notAsked = await upload(student, await typeId("Portfolio"), await makePdf());
  expect(notAsked.status).toBe(404);
  // One byte over the CV type's 5 MB, sent without a length so only the stream can tell.
  const cvLimit = (await prisma.documentType.findUniqueOrThrow({ where: { name: "CV" } })).maxBytes;
  const over = await upload(student, cvId, streamOf(cvLimit + 1));
  expect(over.status).toBe(413);
  expect((await over.json()).error).toBe("The file is larger than 5 MB, the limit for this document.");
  expect(readdirSync(documentsDir)).toEqual([]);
  expect(MAX_DOCUMENT_BYTES).toBe(10 * 1024 * 1024);
});

test("the application's total is enforced while streaming", async () => {
  // Other rows of this draft already weigh all but 1 MB of the total.
  const passport = await (await upload(student, passportId, makePng())).json();
  await prisma.applicationDocument.update({
    where: { id: passport.id },
    data: { size: MAX_APPLICATION_DOCUMENTS_BYTES - 1024 * 1024 },
  });
  const over = await upload(student, transcriptId, streamOf(1024 * 1024 + 1));
  expect(over.status).toBe(413);
  expect((await over.json()).error).toMatch(
    /^The documents of one application may not exceed 50 MB together; 1 MB is left/,
  );
  await prisma.applicationDocument.update({ where: { id: passport.id }, data: { size: makePng().length } });
});

test("submitting needs every required document, then the documents are the application's", async () => {
  const body = { programId, personalStatement: statement, academicHistory: history };
  await student.call(deleteDocument, `/api/applications/drafts/${programId}/documents/${passportId}`, {
    method: "DELETE",
    params: { programId: String(programId), typeId: String(passportId) },
  });
  const refused = await student.call(submit, "/api/applications", { json: body });
  expect(refused.status).toBe(400);
  const answer = await refused.json();
  expect(answer.fieldErrors.documents).toEqual(["Transcript is missing.", "Passport is missing."]);

  const transcript = await (await upload(student, transcriptId, await makePdf())).json();
  const passport = await (await upload(student, passportId, makePng(), "passport.png")).json();
  const submitted = await student.call(submit, "/api/applications", { json: body });
  expect(submitted.status).toBe(201);
  const { id: applicationId } = await submitted.json();
  const rows = await prisma.applicationDocument.findMany({
    where: { userId: studentId },
    orderBy: { id: "asc" },
  });
  expect(rows.map((row) => [row.id, row.applicationId])).toEqual([
    [transcript.id, applicationId],
    [passport.id, applicationId],
  ]);

  // Fixed from now on: the draft's routes no longer reach them.
  const replace = await upload(student, transcriptId, await makePdf());
  expect(replace.status).toBe(409);
  const stillThere = await prisma.applicationDocument.findUniqueOrThrow({ where: { id: transcript.id } });
  expect(stillThere.applicationId).toBe(applicationId);
  const drop = await student.call(dropDraft, `/api/applications/drafts/${programId}`, {
    method: "DELETE",
    params: { programId: String(programId) },
  });
  expect(drop.status).toBe(204);
  expect(await prisma.applicationDocument.count({ where: { id: transcript.id } })).toBe(1);

  // Owner and staff read a submitted document; another student and anonymous visitors do not.
  expect((await read(student, passport.id)).status).toBe(200);
  expect((await read(team, passport.id)).status).toBe(200);
  const stranger = await read(other, passport.id);
  expect(stranger.status).toBe(404);
  expect(stranger.headers.get("cache-control") ?? "").not.toMatch(/public|max-age/);
});

test("staff cannot read a draft's document, which is the student's alone", async () => {
  const draftOnly = await upload(other, transcriptId, await makePdf());
  const { id } = await draftOnly.json();
  expect((await read(other, id)).status).toBe(200);
  expect((await read(team, id)).status).toBe(404);
  expect((await read(student, id)).status).toBe(404);
});

test("deleting a student deletes their files; no file is left without its row or row without its file", async () => {
  const superAdmin = await signIn(
    (await createUser({ role: "super", username: `${tag}_doc_super` })).username,
  );
  const before = await prisma.applicationDocument.findMany({
    where: { userId: studentId },
    select: { key: true },
  });
  expect(before.length).toBeGreaterThan(0);
  const response = await superAdmin.call(deleteUser, `/api/users/${studentId}`, {
    method: "DELETE",
    params: { id: String(studentId) },
  });
  expect(response.status).toBe(204);
  for (const { key } of before) expect(existsSync(join(documentsDir, key))).toBe(false);
  // Other test files store documents elsewhere at the same time: rows of this file's users only.
  expect(await documentFileAudit({ user: { username: { startsWith: tag } } })).toEqual({
    filesWithoutRow: [],
    rowsWithoutFile: [],
  });
});

/** A body of `size` bytes sent as a stream, without Content-Length. */
function streamOf(size: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const length = Math.min(chunk, size - sent);
      sent += length;
      controller.enqueue(new Uint8Array(length).fill(0x41));
    },
  });
}

test("super admins add document types and delete those nothing uses", async () => {
  const superAdmin = await signIn(
    (await createUser({ role: "super", username: `${tag}_types_super` })).username,
  );
  const name = `Medical certificate ${tag}`;
  const added = await superAdmin.call(addType, "/api/settings/document-types", {
    json: { name, fileTypes: ["application/pdf", "image/png", "image/png"], maxMegabytes: 4 },
  });
  expect(added.status).toBe(201);
  const type = await added.json();
  expect(type).toMatchObject({
    name,
    fileTypes: ["application/pdf", "image/png"],
    maxBytes: 4 * 1024 * 1024,
    programs: 0,
  });
  const again = await superAdmin.call(addType, "/api/settings/document-types", {
    json: { name: name.toUpperCase(), fileTypes: ["application/pdf"], maxMegabytes: 4 },
  });
  expect(again.status).toBe(409);
  const tooBig = await superAdmin.call(addType, "/api/settings/document-types", {
    json: { name: `${name} 2`, fileTypes: ["application/pdf"], maxMegabytes: 11 },
  });
  expect((await tooBig.json()).fieldErrors.maxMegabytes).toEqual(["The largest file is at most 10 MB."]);

  await prisma.programDocument.create({ data: { programId, documentType: name, required: false } });
  const inUse = await superAdmin.call(deleteType, `/api/settings/document-types/${type.id}`, {
    method: "DELETE",
    params: { id: String(type.id) },
  });
  expect(inUse.status).toBe(409);
  expect((await inUse.json()).error).toBe(`"${name}" cannot be deleted: 1 program asks for it.`);
  await prisma.programDocument.deleteMany({ where: { documentType: name } });
  const deleted = await superAdmin.call(deleteType, `/api/settings/document-types/${type.id}`, {
    method: "DELETE",
    params: { id: String(type.id) },
  });
  expect(deleted.status).toBe(204);
});
