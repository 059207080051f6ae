// First: DOCUMENTS_DIR must point at a temporary folder before the storage module reads it.
import { documentsDir } from "../support/temp-documents";
import { rmSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { GET as listNotes, POST as addNote } from "@/app/api/applications/[id]/notes/route";
import { GET as detail, PATCH as move } from "@/app/api/applications/[id]/route";
import { GET as list } from "@/app/api/applications/route";
import { GET as exportData } from "@/app/api/user/export/route";
import { addPrivateNoteAction } from "@/lib/applications/actions";
import { OWN_APPLICATION_REVIEW } from "@/lib/auth/policy";
import { prisma } from "@/lib/db/client.server";
import { SENT_BY_SCRIPT_FIELD } from "@/lib/http/form-state";
import type { Mail } from "@/lib/mail/send.server";
import { PRIVATE_NOTE_REQUIRED } from "@/lib/validation/application";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
  uniqueTag,
} from "../support/factories";
import { signIn } from "../support/roles";

// The team's private notes: staff add and read them on an application (not on one they submitted),
// with author and time and an audit entry; nothing the student gets carries them: the
// application's API answers, the list, the e-mails of a later move, the data export.

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({
  ...jest.requireActual("@/lib/mail/send.server"),
  sendMail: async (mail: Mail) => void sent.push(mail),
}));

afterAll(async () => {
  await cleanup();
  rmSync(documentsDir, { recursive: true, force: true });
});

const secret = `Call the school about the grades ${uniqueTag()}`;

test("staff add notes the student never sees", async () => {
  const university = await createUniversity({ programs: [{}] });
  const student = await createStudent();
  const studentAgent = await signIn(student.username);
  const application = await createApplication({ userId: student.id, programId: university.programs[0].id });
  const admin = await createTeamAdmin();
  const team = await signIn(admin.username);
  const params = { id: String(application.id) };
  const path = `/api/applications/${application.id}/notes`;

  const added = await team.call(addNote, path, { json: { text: `  ${secret}  ` }, params });
  expect(added.status).toBe(201);
  expect(await added.json()).toEqual({
    id: expect.any(Number),
    text: secret,
    by: admin.fullName,
    at: expect.any(String),
  });
  const notes = await (await team.call(listNotes, path, { params })).json();
  expect(notes.map((note: { text: string }) => note.text)).toEqual([secret]);
  expect(
    await prisma.auditEvent.count({
      where: { action: "application.note", entityId: String(application.id), actorId: admin.id },
    }),
  ).toBe(1);

  // Refusals: an empty note, an unknown application, a student.
  const empty = await team.call(addNote, path, { json: { text: "   " }, params });
  expect(empty.status).toBe(400);
  expect((await empty.json()).fieldErrors.text).toEqual([PRIVATE_NOTE_REQUIRED]);
  expect(
    (
      await team.call(addNote, "/api/applications/999999999/notes", {
        json: { text: "x" },
        params: { id: "999999999" },
      })
    ).status,
  ).toBe(404);
  expect((await studentAgent.call(listNotes, path, { params })).status).toBe(403);

  // A move after the note: its e-mail to the student does not carry it.
  const moved = await team.call(move, `/api/applications/${application.id}`, {
    method: "PATCH",
    json: { status: "in-review" },
    params,
  });
  expect(moved.status).toBe(200);
  const toStudent = sent.filter((mail) => mail.to === student.email);
  expect(toStudent.length).toBeGreaterThan(0);

  // Nothing the student reads carries the note.
  const answers = [
    await (await studentAgent.call(detail, `/api/applications/${application.id}`, { params })).text(),
    await (await studentAgent.call(list, "/api/applications")).text(),
    ...toStudent.map((mail) => `${mail.subject}${mail.html}${mail.text}`),
  ];
  const archive = unzipSync(
    new Uint8Array(await (await studentAgent.call(exportData, "/api/user/export")).arrayBuffer()),
  );
  answers.push(...Object.values(archive).map((file) => strFromU8(file)));
  for (const answer of answers) expect(answer).not.toContain(secret);
});

test("a team admin's own application: no notes to read or write", async () => {
  const university = await createUniversity({ programs: [{}] });
  const admin = await createTeamAdmin();
  const team = await signIn(admin.username);
  const application = await createApplication({ userId: admin.id, programId: university.programs[0].id });
  const params = { id: String(application.id) };
  const path = `/api/applications/${application.id}/notes`;
  for (const answer of [
    await team.call(listNotes, path, { params }),
    await team.call(addNote, path, { json: { text: "Mine" }, params }),
  ]) {
    expect(answer.status).toBe(403);
    expect((await answer.json()).error).toBe(OWN_APPLICATION_REVIEW);
  }
});

test("the page's form adds a note, with or without JavaScript", async () => {
  const university = await createUniversity({ programs: [{}] });
  const student = await createStudent();
  const application = await createApplication({ userId: student.id, programId: university.programs[0].id });
  const admin = await createTeamAdmin();
  const team = await signIn(admin.username);
  const page = `/admin/applications/${application.id}`;
  const fields = (text: string) => ({ applicationId: String(application.id), text });
  const byScript = await team.act(
    addPrivateNoteAction,
    { ...fields("Asked for the certificate."), [SENT_BY_SCRIPT_FIELD]: "1" },
    { path: page },
  );
  expect(byScript.state).toMatchObject({
    message: "Note added. Only the team can read it.",
    redirectTo: page,
  });
  const posted = await team.act(addPrivateNoteAction, fields("The certificate arrived."), { path: page });
  expect(posted.redirect).toBe(page);
  const refused = await team.act(addPrivateNoteAction, fields("  "), { path: page });
  expect(refused.state?.fieldErrors?.text).toEqual([PRIVATE_NOTE_REQUIRED]);
  const texts = await prisma.applicationNote.findMany({
    where: { applicationId: application.id },
    orderBy: { id: "asc" },
  });
  expect(texts.map((note) => [note.text, note.authorName])).toEqual([
    ["Asked for the certificate.", admin.fullName],
    ["The certificate arrived.", admin.fullName],
  ]);
});
