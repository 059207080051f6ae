import { POST as submit } from "@/app/api/applications/route";
import { DELETE as withdraw, PATCH as review } from "@/app/api/applications/[id]/route";
import { prisma } from "@/lib/db/client.server";
import type { Mail } from "@/lib/mail/send.server";
import { NOTICE_DEFAULTS } from "@/lib/notifications/kinds";
import { saveNoticePreferences } from "@/lib/notifications/preferences.server";
import { cleanup, createStudent, createTeamAdmin, createUniversity, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";

// Every e-mail about an application names it (program, degree, university) in its subject, so that
// mail about several applications does not thread together; submitting and withdrawing send a
// receipt. The greeting names the student only at an address they have proven (lib/mail/greeting).

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void sent.push(mail) }));

const tag = uniqueTag();
const statement = "I would love to study here. ".repeat(20);
const history = { institution: "Riverside High", degree: "Diploma", gpa: "3.8", graduationYear: 2024 };

afterAll(cleanup);
beforeEach(() => {
  sent.length = 0;
});

async function setUp(verified: boolean) {
  const student = await createStudent({ fullName: `Robin ${tag}` });
  if (verified)
    await prisma.user.update({ where: { id: student.id }, data: { emailVerifiedAt: new Date() } });
  const university = await createUniversity({
    name: `Mail ${tag} ${uniqueTag()} University`,
    programs: [
      { name: `Marine Biology ${tag}`, degree: "MSc" },
      { name: `Ocean Law ${tag}`, degree: "LLM" },
    ],
  });
  return { student, university, agent: await signIn(student.username) };
}

test("submitting sends a receipt naming the program and university; each application its own subject", async () => {
  const { student, university, agent } = await setUp(true);
  for (const program of university.programs) {
    const response = await agent.call(submit, "/api/applications", {
      json: { programId: program.id, personalStatement: statement, academicHistory: history },
    });
    expect(response.status).toBe(201);
  }
  expect(sent.map((mail) => [mail.to, mail.subject])).toEqual(
    university.programs.map((program) => [
      student.email,
      `${program.name} (${program.degree}) at ${university.name}: application received`,
    ]),
  );
  expect(sent[0].text).toMatch(new RegExp(`^Hello Robin ${tag},\\n`));
  expect(sent[0].text).toContain(`We received your application to the ${university.programs[0].name} (MSc)`);

  // A refused submit (already applied) sends nothing.
  sent.length = 0;
  const again = await agent.call(submit, "/api/applications", {
    json: { programId: university.programs[0].id, personalStatement: statement, academicHistory: history },
  });
  expect(again.status).toBe(409);
  expect(sent).toEqual([]);
});

test("a status change names the application in its subject; an unproven address is not greeted by name", async () => {
  const { student, university, agent } = await setUp(false);
  const program = university.programs[0];
  const created = await (
    await agent.call(submit, "/api/applications", {
      json: { programId: program.id, personalStatement: statement, academicHistory: history },
    })
  ).json();
  expect(sent[0].text).toMatch(/^Hello,\n/);
  expect(sent[0].text).not.toContain(student.fullName);

  sent.length = 0;
  const admin = await signIn((await createTeamAdmin()).username);
  const moved = await admin.call(review, `/api/applications/${created.id}`, {
    method: "PATCH",
    json: { status: "in-review" },
    params: { id: String(created.id) },
  });
  expect(moved.status).toBe(200);
  expect(sent.map((mail) => mail.subject)).toEqual([
    `${program.name} (MSc) at ${university.name}: your application is now In Review`,
  ]);
  expect(sent[0].text).toMatch(/^Hello,\n/);
});

test("withdrawing sends a receipt; a refused withdrawal sends nothing", async () => {
  const { student, university, agent } = await setUp(true);
  const [first, second] = university.programs;
  const general = await createTeamAdmin();
  const elsewhere = await createTeamAdmin();
  const other = await createUniversity({ name: `Other ${tag} ${uniqueTag()} University` });
  await saveNoticePreferences(elsewhere, { ...NOTICE_DEFAULTS, universityIds: [other.id] });
  const ids: number[] = [];
  for (const program of [first, second]) {
    const created = await agent.call(submit, "/api/applications", {
      json: { programId: program.id, personalStatement: statement, academicHistory: history },
    });
    ids.push((await created.json()).id);
  }
  sent.length = 0;
  const response = await agent.call(withdraw, `/api/applications/${ids[0]}`, {
    method: "DELETE",
    params: { id: String(ids[0]) },
  });
  expect(response.status).toBe(204);
  const title = `${first.name} (MSc) at ${university.name}`;
  expect(sent[0]).toMatchObject({
    to: student.email,
    subject: `${title}: your application is now Withdrawn`,
  });
  expect(sent[0].text).toContain("You withdrew the application.");
  expect(sent[0].text).toContain("Your answers are kept as a draft");
  // The team is told too, linking to the application's page: nobody handles this university and
  // nobody is assigned, so the staff who handle no university (lib/notifications), not those who
  // handle another.
  const toTeam = sent.slice(1);
  expect(toTeam.map((mail) => mail.to)).toContain(general.email);
  expect(toTeam.map((mail) => mail.to)).not.toContain(elsewhere.email);
  const notice = toTeam.find((mail) => mail.to === general.email)!;
  expect(notice.subject).toBe(`${title}: Withdrawn (${student.fullName})`);
  expect(notice.text).toContain(`${student.fullName} withdrew the application.`);
  expect(notice.text).toContain(`/admin/applications/${ids[0]}`);

  // An enrolled student's application is final: nothing moves, nothing is sent.
  sent.length = 0;
  await prisma.application.update({ where: { id: ids[1] }, data: { status: "enrolled" } });
  const refused = await agent.call(withdraw, `/api/applications/${ids[1]}`, {
    method: "DELETE",
    params: { id: String(ids[1]) },
  });
  expect(refused.status).toBe(409);
  expect(sent).toEqual([]);
});
