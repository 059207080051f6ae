import { POST as forgot } from "@/app/api/password/forgot/route";
import { FORGOT_PASSWORD_ANSWER } from "@/lib/users/accounts.server";
import { POST as reset } from "@/app/api/password/reset/route";
import { POST as login } from "@/app/api/login/route";
import { GET as currentUser } from "@/app/api/user/route";
import { POST as changePassword } from "@/app/api/user/password/route";
import { prisma } from "@/lib/db/client.server";
import { settleAfterResponse } from "@/lib/http/after-response.server";
import { RESET_LINK_INVALID } from "@/lib/users/accounts.server";
import type { Mail } from "@/lib/mail/send.server";
import { Agent } from "../support/agent";
import { cleanup, createStudent, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void sent.push(mail) }));

const tag = uniqueTag();
const email = `${tag}.reset@example.com`;
const username = `${tag}_reset`;

beforeAll(async () => {
  await createStudent({ username, email, fullName: "Reset Tester", password: "old password 1" });
});
afterAll(cleanup);
beforeEach(() => {
  sent.length = 0;
});

async function requestLink(address = email): Promise<string> {
  const response = await new Agent().call(forgot, "/api/password/forgot", { json: { email: address } });
  expect(response.status).toBe(202);
  expect(await response.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
  // The e-mail is sent after the response.
  await settleAfterResponse();
  const mail = sent.at(-1)!;
  return new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
}

test("the answer is the same for an unknown address, and nothing is sent", async () => {
  const response = await new Agent().call(forgot, "/api/password/forgot", {
    json: { email: `${tag}.nobody@example.com` },
  });
  expect(response.status).toBe(202);
  expect(await response.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
  await settleAfterResponse();
  expect(sent).toHaveLength(0);
});

test("the e-mail carries a one-hour token that is stored only as a hash", async () => {
  // An account of its own: its link stays unused, and a second request within the interval would
  // send nothing.
  const own = await createStudent({ email: `${tag}.hashed@example.com` });
  const before = Date.now();
  const token = await requestLink(own.email);
  expect(sent[0]).toMatchObject({ to: own.email, subject: "Reset your UniSearch password" });
  const user = await prisma.user.findUniqueOrThrow({ where: { id: own.id } });
  expect(user.resetToken).not.toBeNull();
  expect(user.resetToken).not.toContain(token);
  const ttl = user.resetTokenExpiry!.getTime() - before;
  expect(ttl).toBeGreaterThan(59 * 60_000);
  expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 5_000);
});

test("a reset sets the password, ends every session, and the token works once", async () => {
  const session = new Agent();
  await session.call(login, "/api/login", { json: { username, password: "old password 1" } });
  expect((await session.call(currentUser, "/api/user")).status).toBe(200);

  const token = await requestLink();
  const done = await new Agent().call(reset, "/api/password/reset", {
    json: { token, password: "new password 2", confirmPassword: "new password 2" },
  });
  expect(done.status).toBe(200);
  expect((await session.call(currentUser, "/api/user")).status).toBe(401);
  expect(
    (await new Agent().call(login, "/api/login", { json: { username, password: "new password 2" } })).status,
  ).toBe(200);
  expect(
    (await new Agent().call(login, "/api/login", { json: { username, password: "old password 1" } })).status,
  ).toBe(401);

  const again = await new Agent().call(reset, "/api/password/reset", {
    json: { token, password: "third password 3", confirmPassword: "third password 3" },
  });
  expect(again.status).toBe(422);
  expect((await again.json()).error).toBe(RESET_LINK_INVALID);
});

test("an expired token is refused and changes nothing", async () => {
  const token = await requestLink();
  await prisma.user.update({ where: { username }, data: { resetTokenExpiry: new Date(Date.now() - 1000) } });
  const response = await new Agent().call(reset, "/api/password/reset", {
    json: { token, password: "never used 4", confirmPassword: "never used 4" },
  });
  expect(response.status).toBe(422);
  expect(
    (await new Agent().call(login, "/api/login", { json: { username, password: "never used 4" } })).status,
  ).toBe(401);
});

test("mismatched passwords are a 400 on confirmPassword", async () => {
  const response = await new Agent().call(reset, "/api/password/reset", {
    json: { token: "anything", password: "new password 5", confirmPassword: "other" },
  });
  expect(response.status).toBe(400);
  expect((await response.json()).fieldErrors.confirmPassword).toEqual(["Passwords do not match"]);
});

test("changing the password cancels a reset link still outstanding", async () => {
  const own = await createStudent({ email: `${tag}.change@example.com`, password: "before change 1" });
  const token = await requestLink(own.email);
  const agent = await signIn(own.username, "before change 1");
  const changed = await agent.call(changePassword, "/api/user/password", {
    json: {
      currentPassword: "before change 1",
      password: "after change 2",
      confirmPassword: "after change 2",
    },
  });
  expect(changed.status).toBe(204);

  const late = await new Agent().call(reset, "/api/password/reset", {
    json: { token, password: "from old link 3", confirmPassword: "from old link 3" },
  });
  expect(late.status).toBe(422);
  expect((await late.json()).error).toBe(RESET_LINK_INVALID);
  expect(
    (
      await new Agent().call(login, "/api/login", {
        json: { username: own.username, password: "after change 2" },
      })
    ).status,
  ).toBe(200);
});
