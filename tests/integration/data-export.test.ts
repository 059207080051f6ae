// First: DOCUMENTS_DIR must point at a temporary folder before the storage module reads it.
import { documentsDir } from "../support/temp-documents";
import { rmSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { PATCH as move } from "@/app/api/applications/[id]/route";
import { POST as submit } from "@/app/api/applications/route";
import { PUT as putDocument } from "@/app/api/applications/drafts/[programId]/documents/[typeId]/route";
import { GET as exportData } from "@/app/api/user/export/route";
import { DATA_EXPORTS_PER_HOUR } from "@/lib/auth/rate-limit.server";
import { prisma } from "@/lib/db/client.server";
import type { Mail } from "@/lib/mail/send.server";
import { saveNoticePreferences } from "@/lib/notifications/preferences.server";
import { DATA_EXPORT_FORMAT, type AccountData } from "@/lib/users/data-export.server";
import { Agent } from "../support/agent";
import { makePdf, makePng } from "../support/documents";
import {
  cleanup,
  createApplication,
  createStudent,
  createTeamAdmin,
  createUniversity,
  uniqueTag,
} from "../support/factories";
import { signIn } from "../support/roles";

jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void mail }));

// "Download my data": the signed-in account's own data as a ZIP archive: data.json, a readable
// index.html, and the uploaded documents byte for byte; nothing of anyone else's; each download in
// the audit log, and a limit per hour.

const tag = uniqueTag();
const statement = `I would love to study here <script>alert("${tag}")</script>. `.repeat(10);
const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 };

afterAll(async () => {
  await cleanup();
  rmSync(documentsDir, { recursive: true, force: true });
});

const download = (agent: Agent) => agent.call(exportData, "/api/user/export");

async function unpack(response: Response) {
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return { files, data: JSON.parse(strFromU8(files["data.json"])) as AccountData };
}

const typeId = async (name: string) => (await prisma.documentType.findUniqueOrThrow({ where: { name } })).id;

function upload(agent: Agent, programId: number, type: number, body: Uint8Array, name: string) {
  return agent.call(
    putDocument,
    `/api/applications/drafts/${programId}/documents/${type}?name=${encodeURIComponent(name)}`,
    { method: "PUT", body, params: { programId: String(programId), typeId: String(type) } },
  );
}

test("a student downloads everything the site keeps about them, and nothing of anyone else's", async () => {
  const university = await createUniversity({
    name: `Export ${tag} University`,
    programs: [
      { name: `Applied ${tag} Studies`, degree: "MA" },
      { name: `Offered ${tag} Studies`, degree: "MSc" },
      { name: `Drafted ${tag} Studies`, degree: "BSc" },
    ],
  });
  const [applied, offered, drafted] = university.programs;
  await prisma.programDocument.create({
    data: { programId: applied.id, documentType: "Transcript", required: true },
  });
  await prisma.programDocument.create({
    data: { programId: drafted.id, documentType: "Passport", required: false },
  });
  const student = await createStudent();
  const agent = await signIn(student.username);
  const other = await createStudent();
  const otherAgent = await signIn(other.username);

  // A submitted application with its document...
  const transcript = await makePdf();
  expect(
    (await upload(agent, applied.id, await typeId("Transcript"), transcript, "transcript.pdf")).status,
  ).toBe(201);
  const submitted = await agent.call(submit, "/api/applications", {
    json: { programId: applied.id, personalStatement: statement, academicHistory: history },
  });
  expect(submitted.status).toBe(201);
  const appliedId = (await submitted.json()).id as number;
  // ...an offer with a condition, made by the team...
  const offer = await createApplication({
    userId: student.id,
    programId: offered.id,
    status: "sent_to_university",
  });
  const team = await signIn((await createTeamAdmin()).username);
  const made = await team.call(move, `/api/applications/${offer.id}`, {
    method: "PATCH",
    json: { status: "approved", offer: { replyBy: "2027-03-12", conditions: ["IELTS 6.5 overall"] } },
    params: { id: String(offer.id) },
  });
  expect(made.status).toBe(200);
  // ...a draft with a document, a saved program, and the other student's own things.
  await prisma.applicationDraft.create({
    data: { userId: student.id, programId: drafted.id, data: { step: 1, personalStatement: "Half written" } },
  });
  const passport = makePng();
  expect((await upload(agent, drafted.id, await typeId("Passport"), passport, "passport.png")).status).toBe(
    201,
  );
  await prisma.shortlistProgram.create({ data: { userId: student.id, programId: offered.id } });
  await prisma.applicationDraft.create({
    data: { userId: other.id, programId: drafted.id, data: { step: 1, personalStatement: `Other ${tag}` } },
  });
  expect(
    (await upload(otherAgent, drafted.id, await typeId("Passport"), makePng(50, 50), "theirs.png")).status,
  ).toBe(201);

  const response = await download(agent);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toMatch(
    new RegExp(
      `^attachment; filename=".*-data-${student.username.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`,
    ),
  );
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const { files, data } = await unpack(response);

  expect(data.format).toBe(DATA_EXPORT_FORMAT);
  expect(data.account).toMatchObject({ id: student.id, username: student.username, email: student.email });
  expect(JSON.stringify(data)).not.toMatch(/password"\s*:\s*"|\$argon2|resetToken|calendarVersion/);
  expect(data.applications.map((a) => [a.id, a.status, a.program.name])).toEqual([
    [appliedId, "pending", applied.name],
    [offer.id, "approved", offered.name],
  ]);
  const [mine, offered_] = data.applications;
  expect(mine.personalStatement).toBe(statement);
  expect(mine.history.map((entry) => entry.to)).toEqual(["pending"]);
  expect(offered_.replyBy).toBe("2027-03-12");
  expect(offered_.conditions.map((c) => [c.text, c.status])).toEqual([["IELTS 6.5 overall", "pending"]]);
  expect(mine.documents).toEqual([
    expect.objectContaining({ documentType: "Transcript", name: "transcript.pdf", size: transcript.length }),
  ]);
  expect(files[mine.documents[0].file as string]).toEqual(transcript);
  expect(data.drafts).toEqual([
    expect.objectContaining({
      program: expect.objectContaining({ name: drafted.name }),
      answers: { step: 1, personalStatement: "Half written" },
      documents: [expect.objectContaining({ documentType: "Passport", name: "passport.png" })],
    }),
  ]);
  expect(files[data.drafts[0].documents[0].file as string]).toEqual(passport);
  expect(data.shortlist).toEqual([expect.objectContaining({ type: "program", id: offered.id })]);
  expect(data.reminders.emailsEnabled).toBe(true);
  expect(data.sessions.length).toBeGreaterThan(0);

  // The archive holds exactly data.json, index.html and the student's two documents.
  expect(Object.keys(files).sort()).toEqual(
    ["data.json", "index.html", mine.documents[0].file, data.drafts[0].documents[0].file].sort(),
  );
  expect(strFromU8(files["data.json"])).not.toContain(`Other ${tag}`);

  // The page reads the same data, with what the student typed shown as text, never run.
  const page = strFromU8(files["index.html"]);
  expect(page).toContain(applied.name);
  expect(page).toContain("IELTS 6.5 overall: Pending");
  expect(page).toContain(`href="${mine.documents[0].file}"`);
  expect(page).not.toContain("<script>");
  expect(page).toContain("&lt;script&gt;");

  const audit = await prisma.auditEvent.findMany({
    where: { action: "user.export", entityId: String(student.id) },
  });
  expect(audit).toEqual([
    expect.objectContaining({ actorId: student.id, after: { applications: 2, drafts: 1, documents: 2 } }),
  ]);
});

test("signed out, there is nothing to download", async () => {
  const response = await download(new Agent());
  expect(response.status).toBe(401);
  expect((await response.json()).error).toBeTruthy();
});

test(`a student may download their data ${DATA_EXPORTS_PER_HOUR} times an hour`, async () => {
  const agent = await signIn((await createStudent()).username);
  for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) {
    const response = await download(agent);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  const refused = await download(agent);
  expect(refused.status).toBe(429);
  expect((await refused.json()).error).toMatch(
    new RegExp(
      `^You downloaded your data ${DATA_EXPORTS_PER_HOUR} times in the last hour\\. Try again in \\d+ minutes?\\.$`,
    ),
  );
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
});

test("a staff member's download holds their e-mail choices, universities and digests; a student's none", async () => {
  const staff = await createTeamAdmin();
  const university = await createUniversity({ name: `Handled ${tag} University` });
  await saveNoticePreferences(
    { id: staff.id },
    {
      newSubmission: "digest",
      requestAnswered: "off",
      offerReply: "immediate",
      overdue: "digest",
      universityIds: [university.id],
    },
  );
  await prisma.staffDigest.create({ data: { userId: staff.id, day: new Date("2026-11-20T00:00:00Z") } });
  try {
    const { files, data } = await unpack(await download(await signIn(staff.username)));
    expect(data.staffNotices).toEqual({
      choices: {
        newSubmission: "digest",
        requestAnswered: "off",
        offerReply: "immediate",
        overdue: "digest",
      },
      universities: [{ id: university.id, name: university.name }],
      digestsSent: [{ day: "2026-11-20", sentAt: expect.any(String), events: 0 }],
    });
    const page = strFromU8(files["index.html"]);
    expect(page).toContain("E-mails about applications (staff)");
    expect(page).toContain(university.name);

    const student = await unpack(await download(await signIn((await createStudent()).username)));
    expect(student.data.staffNotices).toBeNull();
    expect(strFromU8(student.files["index.html"])).not.toContain("E-mails about applications");
  } finally {
    await prisma.staffDigest.deleteMany({ where: { userId: staff.id } });
  }
});
