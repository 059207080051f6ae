import { NextRequest } from "next/server";
import { GET as currentUser } from "@/app/api/user/route";
import { applicationFormAction } from "@/lib/applications/actions";
import { loginAction, registerAction } from "@/lib/auth/actions";
import { prisma } from "@/lib/db/client.server";
import { SENT_BY_SCRIPT_FIELD } from "@/lib/http/form-state";
import type { Mail } from "@/lib/mail/send.server";
import { deleteAccountAction } from "@/lib/users/actions";
import { APPLICATION_SUBMITTED } from "@/lib/validation/application";
import { Agent } from "../support/agent";
import { cleanup, createStudent, createUniversity, TEST_PASSWORD, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";

// Every form has one submission path, its server action. Posted by the browser (before hydration
// or without JavaScript) the action redirects where the form goes next; sent by the hydrated form,
// which marks it with SENT_BY_SCRIPT_FIELD, the same action answers with that target in its state
// and the form navigates itself after telling the user. A page that needs an account answers the
// hydrated form a 401 it shows in place, never a redirect that would lose what was typed.

jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (_mail: Mail) => undefined }));

const tag = uniqueTag();
afterAll(cleanup);

const byScript = (fields: Record<string, string>) => ({ ...fields, [SENT_BY_SCRIPT_FIELD]: "1" });
const signedIn = async (agent: Agent) => (await agent.call(currentUser, "/api/user")).status === 200;

describe("sign in", () => {
  test("posted, it redirects to the callback; sent by the form, it answers with it and the user's id", async () => {
    const student = await createStudent();
    const fields = { username: student.username, password: TEST_PASSWORD, callbackUrl: "/programs" };

    const posted = new Agent();
    expect(await posted.act(loginAction, fields, { path: "/auth" })).toMatchObject({
      redirect: "/programs",
    });
    expect(await signedIn(posted)).toBe(true);

    const sent = new Agent();
    const answer = await sent.act(loginAction, byScript(fields), { path: "/auth" });
    expect(answer.redirect).toBeNull();
    expect(answer.state).toEqual({ redirectTo: "/programs", result: { userId: student.id } });
    expect(await signedIn(sent)).toBe(true);
  });

  test("a wrong password is the same refusal either way, and signs no one in", async () => {
    const student = await createStudent();
    const fields = { username: student.username, password: "not the password" };
    for (const form of [fields, byScript(fields)]) {
      const agent = new Agent();
      const answer = await agent.act(loginAction, form, { path: "/auth" });
      expect(answer.state).toMatchObject({ status: 401, values: { username: student.username } });
      expect(await signedIn(agent)).toBe(false);
    }
  });
});

test("registering, sent by the form, answers with the new student's home and id", async () => {
  const username = `paths_${tag}`;
  const agent = new Agent();
  const answer = await agent.act(
    registerAction,
    byScript({
      fullName: "Path Student",
      email: `${username}@example.test`,
      username,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    }),
    { path: "/auth" },
  );
  const created = await prisma.user.findUniqueOrThrow({ where: { username } });
  expect(answer.state).toEqual({ redirectTo: "/user/dash", result: { userId: created.id } });
  expect(await signedIn(agent)).toBe(true);
  await prisma.user.delete({ where: { id: created.id } });
});

test("deleting the account, sent by the form, answers where to go and signs out", async () => {
  const student = await createStudent();
  const agent = await signIn(student.username);
  const answer = await agent.act(deleteAccountAction, byScript({ currentPassword: TEST_PASSWORD }), {
    path: "/user/profile",
  });
  expect(answer.state).toEqual({ redirectTo: "/auth?account=deleted" });
  expect(await prisma.user.count({ where: { id: student.id } })).toBe(0);
  expect(await signedIn(agent)).toBe(false);
});

describe("the application form", () => {
  const statement = "I would love to study here. ".repeat(20);
  const application = (programId: number) => ({
    programId: String(programId),
    intent: "submit",
    personalStatement: statement,
    "academicHistory.institution": "Riverside High",
    "academicHistory.degree": "Diploma",
    "academicHistory.gpa": "3.8",
    "academicHistory.graduationYear": "2024",
  });

  async function program() {
    const { programs } = await createUniversity({
      name: `Paths ${tag} ${uniqueTag()} University`,
      programs: [{ name: `Paths program ${tag}`, degree: "MSc" }],
    });
    return programs[0].id;
  }

  test("sent by the form: submitted with the confirmation, then a second one is a 409 it shows", async () => {
    const student = await createStudent();
    const agent = await signIn(student.username);
    const programId = await program();
    const path = `/apply/${programId}`;

    const sent = await agent.act(applicationFormAction, byScript(application(programId)), { path });
    expect(sent.state).toEqual({ message: APPLICATION_SUBMITTED, redirectTo: "/" });
    expect(await prisma.application.count({ where: { userId: student.id, programId } })).toBe(1);

    const again = await agent.act(applicationFormAction, byScript(application(programId)), { path });
    expect(again.redirect).toBeNull();
    expect(again.state).toMatchObject({ status: 409 });
    expect(await prisma.application.count({ where: { userId: student.id, programId } })).toBe(1);
  });

  test("posted without JavaScript: submitted, then the list of applications shows it", async () => {
    const student = await createStudent();
    const agent = await signIn(student.username);
    const programId = await program();
    const posted = await agent.act(applicationFormAction, application(programId), {
      path: `/apply/${programId}`,
    });
    expect(posted.redirect).toBe("/user/applications");
    expect(await prisma.application.count({ where: { userId: student.id, programId } })).toBe(1);
  });

  test("signed out: the form is told 401 and keeps its values; a post is sent to sign in", async () => {
    const programId = await program();
    const path = `/apply/${programId}`;
    const sent = await new Agent().act(applicationFormAction, byScript(application(programId)), { path });
    expect(sent).toMatchObject({ redirect: null, state: { status: 401 } });
    const posted = await new Agent().act(applicationFormAction, application(programId), { path });
    expect(posted.redirect).toMatch(/^\/auth\?callbackUrl=%2Fapply%2F/);
    expect(await prisma.application.count({ where: { programId } })).toBe(0);
  });
});

test("signed out, a navigation to a page needing an account is sent to sign in, a post reaches its action", async () => {
  const { proxy } = await import("@/proxy");
  const page = await proxy(new NextRequest("http://localhost:3000/apply/12"));
  expect(page.status).toBe(307);
  expect(page.headers.get("location")).toBe("http://localhost:3000/auth?callbackUrl=%2Fapply%2F12");
  // The action answers for itself (the form shows its 401 in place); a 307 would replay the post,
  // the application's fields with it, at the sign-in page.
  for (const path of ["/apply/12", "/user/profile", "/admin/applications"]) {
    const post = await proxy(
      new NextRequest(`http://localhost:3000${path}`, { method: "POST", body: "x=1" }),
    );
    expect([path, post.headers.get("location")]).toEqual([path, null]);
  }
});
