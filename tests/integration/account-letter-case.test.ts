import { POST as forgot } from "@/app/api/password/forgot/route";
import { POST as login } from "@/app/api/login/route";
import { POST as register } from "@/app/api/register/route";
import { POST as createUser } from "@/app/api/users/route";
import { findOrCreateGoogleUser } from "@/lib/auth/google.server";
import { settleAfterResponse } from "@/lib/http/after-response.server";
import { prisma } from "@/lib/db/client.server";
import type { Mail } from "@/lib/mail/send.server";
import { EMAIL_TAKEN, USERNAME_TAKEN } from "@/lib/users/accounts.server";
import { createAdmin } from "@/lib/users/create-admin.server";
import { Agent } from "../support/agent";
import { cleanup, createStudent, uniqueTag } from "../support/factories";
import { signInEachRole, type RoleAgents } from "../support/roles";

// Usernames and e-mails are one account whatever their letter case (citext columns): a case
// variant is "already taken", and sign-in, password reset and Google linking find the account.

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void sent.push(mail) }));

const tag = uniqueTag();
const PASSWORD = "letter case password";
// Stored with capitals, as accounts made before e-mails were lowercased on input can be.
const username = `Case_${tag}`;
const email = `Case.${tag}@Example.com`;
let roles: RoleAgents;
let account: { id: number };

beforeAll(async () => {
  roles = await signInEachRole(`${tag}r`);
  account = await createStudent({ username, email, fullName: "Case Tester", password: PASSWORD });
});

afterAll(async () => {
  await cleanup();
  // Accounts the endpoints under test created (registration, Add User, createAdmin).
  await prisma.user.deleteMany({ where: { username: { contains: tag } } });
  await prisma.signInThrottle.deleteMany({ where: { key: { contains: tag.toLowerCase() } } });
});

function body(fields: { username: string; email: string }) {
  return { fullName: "Case Variant", ...fields, password: PASSWORD, confirmPassword: PASSWORD };
}

test("the database refuses a second account that differs only in letter case", async () => {
  await expect(
    prisma.user.create({
      data: { username: username.toUpperCase(), email: `other.${tag}@example.com`, fullName: "X" },
    }),
  ).rejects.toMatchObject({ code: "P2002" });
  await expect(
    prisma.user.create({ data: { username: `other_${tag}`, email: email.toLowerCase(), fullName: "X" } }),
  ).rejects.toMatchObject({ code: "P2002" });
});

test("registration: a case variant of a username or e-mail is already taken (409), nothing is created", async () => {
  const byName = await new Agent().call(register, "/api/register", {
    json: body({ username: username.toLowerCase(), email: `fresh.${tag}@example.com` }),
  });
  expect(byName.status).toBe(409);
  expect(await byName.json()).toMatchObject({
    error: USERNAME_TAKEN,
    fieldErrors: { username: [USERNAME_TAKEN] },
  });

  // The form lowercases e-mails; the stored address has capitals.
  const byEmail = await new Agent().call(register, "/api/register", {
    json: body({ username: `fresh_${tag}`, email: email.toUpperCase() }),
  });
  expect(byEmail.status).toBe(409);
  expect(await byEmail.json()).toMatchObject({ error: EMAIL_TAKEN, fieldErrors: { email: [EMAIL_TAKEN] } });
  expect(
    await prisma.user.count({ where: { username: { startsWith: "fresh_" }, email: { contains: tag } } }),
  ).toBe(0);
});

test("admin Add User and create-admin refuse a case variant the same way", async () => {
  const response = await roles.agents.super.call(createUser, "/api/users", {
    json: body({ username: username.toUpperCase(), email: `added.${tag}@example.com` }),
  });
  expect(response.status).toBe(409);
  expect((await response.json()).fieldErrors).toEqual({ username: [USERNAME_TAKEN] });

  await expect(
    createAdmin(prisma, {
      username: username.toLowerCase(),
      email: `script.${tag}@example.com`,
      fullName: "Script Admin",
      password: PASSWORD,
    }),
  ).rejects.toThrow(`The username ${username.toLowerCase()} is already taken`);
  expect(
    await prisma.user.count({
      where: { email: { in: [`added.${tag}@example.com`, `script.${tag}@example.com`] } },
    }),
  ).toBe(0);
});

test("sign-in finds the account whatever the case of the username", async () => {
  const response = await new Agent().call(login, "/api/login", {
    json: { username: username.toUpperCase(), password: PASSWORD },
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ id: account.id, username });
});

test("a password reset by e-mail reaches the account whatever the case", async () => {
  sent.length = 0;
  const response = await new Agent().call(forgot, "/api/password/forgot", {
    json: { email: email.toLowerCase() },
  });
  expect(response.status).toBe(202);
  await settleAfterResponse();
  expect(sent).toHaveLength(1);
  expect(sent[0].to).toBe(email);
  const stored = await prisma.user.findUniqueOrThrow({ where: { id: account.id } });
  expect(stored.resetToken).not.toBeNull();
});

test("Google links the account whose e-mail differs only in case, and new usernames avoid case variants", async () => {
  // Google links only to a verified address (tests/integration/email-identity.test.ts).
  await prisma.user.update({ where: { id: account.id }, data: { emailVerifiedAt: new Date() } });
  const linked = await findOrCreateGoogleUser({
    sub: `google-${tag}`,
    email: email.toLowerCase(),
    emailVerified: true,
    name: "Case Tester",
  });
  expect(linked.id).toBe(account.id);

  // "case_<tag>" is taken by "Case_<tag>": the new student gets the next free name.
  const created = await findOrCreateGoogleUser({
    sub: `google-new-${tag}`,
    email: `${username.toLowerCase()}@elsewhere.example`,
    emailVerified: true,
    name: "Other Person",
  });
  expect(created.id).not.toBe(account.id);
  expect(created.username).toBe(`${username.toLowerCase()}2`);
});
