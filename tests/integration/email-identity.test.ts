import { POST as forgot } from "@/app/api/password/forgot/route";
import { POST as reset } from "@/app/api/password/reset/route";
import { POST as register } from "@/app/api/register/route";
import { POST as resendVerification } from "@/app/api/user/email/verification/route";
import { DELETE as unlinkGoogleRoute } from "@/app/api/user/google/route";
import { POST as changePassword } from "@/app/api/user/password/route";
import { GET as currentUser, PATCH as updateUser } from "@/app/api/user/route";
import {
  decideGoogleSignIn,
  findOrCreateGoogleUser,
  GoogleSignInRefused,
  linkGoogleAccount,
} from "@/lib/auth/google.server";
import { settleAfterResponse } from "@/lib/http/after-response.server";
import { prisma } from "@/lib/db/client.server";
import type { Mail } from "@/lib/mail/send.server";
import {
  ALREADY_VERIFIED,
  CURRENT_PASSWORD_NEEDED,
  CURRENT_PASSWORD_WRONG,
  NO_PASSWORD_FOR_EMAIL_CHANGE,
  RESET_LINK_INVALID,
  UNLINK_NEEDS_PASSWORD,
  unlinkGoogle,
  updateProfile,
  VERIFY_LINK_INVALID,
  verifyEmail,
} from "@/lib/users/accounts.server";
import { Agent } from "../support/agent";
import { cleanup, createStudent, remember, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";

// E-mail verification, Google linking only to verified accounts, and e-mail and
// password changes that need the current password, end the other sessions, cancel reset links
// and tell the old address. A new address stays pending until its link is opened: more in
// pending-email.test.ts.

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void sent.push(mail) }));

const tag = uniqueTag();
const PASSWORD = "identity password 1";

afterAll(cleanup);
beforeEach(() => {
  sent.length = 0;
});

const mailTo = (address: string) => sent.filter((mail) => mail.to === address);
const tokenIn = (mail: Mail, path: string) => {
  const link = new URL(new RegExp(`https?://\\S+${path}\\S*`).exec(mail.text)![0]);
  expect(link.pathname).toBe(path);
  return link.searchParams.get("token")!;
};

/** Registers through POST /api/register (signed in) and returns the agent and its verification token. */
async function registerStudent(suffix: string, email = `${tag}.${suffix}@example.com`) {
  const agent = new Agent();
  const response = await agent.call(register, "/api/register", {
    json: {
      fullName: `Ivy ${suffix}`,
      email,
      username: `${tag}_${suffix}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(response.status).toBe(201);
  const user = remember("user", (await response.json()) as { id: number; emailVerified: boolean });
  expect(user.emailVerified).toBe(false);
  const [mail] = mailTo(email);
  expect(mail.subject).toBe("Verify your email address for UniSearch");
  return { agent, user, email, token: tokenIn(mail, "/verify-email") };
}

const me = async (agent: Agent) => (await agent.call(currentUser, "/api/user")).json();

describe("e-mail verification", () => {
  test("registration sends a 24-hour link stored only as a hash; it verifies once", async () => {
    const before = Date.now();
    const { agent, email, token } = await registerStudent("verify");
    const row = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(row.emailVerifyToken).not.toBeNull();
    expect(row.emailVerifyToken).not.toContain(token);
    const ttl = row.emailVerifyExpiry!.getTime() - before;
    expect(ttl).toBeGreaterThan(23.9 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3_600_000 + 5_000);

    await expect(verifyEmail(token)).resolves.toEqual({ email, changed: false });
    expect(await me(agent)).toMatchObject({ emailVerified: true });
    await expect(verifyEmail(token)).rejects.toMatchObject({ status: 422, message: VERIFY_LINK_INVALID });
  });

  test("an expired link is refused and verifies nothing", async () => {
    const { agent, email, token } = await registerStudent("expired");
    await prisma.user.update({ where: { email }, data: { emailVerifyExpiry: new Date(Date.now() - 1000) } });
    await expect(verifyEmail(token)).rejects.toMatchObject({ status: 422 });
    await expect(verifyEmail("not-a-token")).rejects.toMatchObject({ status: 422 });
    expect(await me(agent)).toMatchObject({ emailVerified: false });
  });

  test("Resend link replaces the earlier link; once verified it is a 409", async () => {
    const { agent, email, token: first } = await registerStudent("resend");
    const resent = await agent.call(resendVerification, "/api/user/email/verification", { method: "POST" });
    expect(resent.status).toBe(202);
    const second = tokenIn(mailTo(email).at(-1)!, "/verify-email");
    await expect(verifyEmail(first)).rejects.toMatchObject({ status: 422 });
    await verifyEmail(second);

    const again = await agent.call(resendVerification, "/api/user/email/verification", { method: "POST" });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(ALREADY_VERIFIED);
    expect(
      (await new Agent().call(resendVerification, "/api/user/email/verification", { method: "POST" })).status,
    ).toBe(401);
  });

  test("a password reset by e-mail verifies the address it went to", async () => {
    const { agent, email } = await registerStudent("viareset");
    await new Agent().call(forgot, "/api/password/forgot", { json: { email } });
    await settleAfterResponse(); // the reset e-mail goes after the response
    const token = tokenIn(mailTo(email).at(-1)!, "/auth/reset-password");
    const done = await new Agent().call(reset, "/api/password/reset", {
      json: { token, password: "after reset 2", confirmPassword: "after reset 2" },
    });
    expect(done.status).toBe(200);
    expect(await me(await signIn(`${tag}_viareset`, "after reset 2"))).toMatchObject({ emailVerified: true });
    expect((await agent.call(currentUser, "/api/user")).status).toBe(401);
  });
});

test("mail to an address nobody has proven carries nothing the account's holder wrote", async () => {
  // Registering a stranger's address: the verification and reset e-mails greet without the name
  // (one line, but any words), so they cannot pass the registrant's text off as the product's.
  const { email, token, user } = await registerStudent("greeting");
  const [verification] = mailTo(email);
  expect(verification.text).toMatch(/^Hello,\n/);
  expect(verification.text).not.toContain("Ivy greeting");
  await new Agent().call(forgot, "/api/password/forgot", { json: { email } });
  await settleAfterResponse();
  const unproven = mailTo(email).at(-1)!;
  expect(unproven.subject).toBe("Reset your UniSearch password");
  expect(unproven.text).toMatch(/^Hello,\n/);
  expect(unproven.text).not.toContain("Ivy greeting");
  // Once the owner opened the link, mail to that address greets them by the name on the account.
  await verifyEmail(token);
  // The next reset e-mail without the 15-minute wait (this account's counter only).
  await prisma.signInThrottle.deleteMany({ where: { key: `reset_mail:${user.id}` } });
  await new Agent().call(forgot, "/api/password/forgot", { json: { email } });
  await settleAfterResponse();
  expect(mailTo(email).at(-1)!.text).toMatch(/^Hello Ivy greeting,\n/);
});

describe("changing the e-mail address", () => {
  const patch = (agent: Agent, json: unknown) =>
    agent.call(updateUser, "/api/user", { method: "PATCH", json });

  test("needs the current password: missing or wrong is a 400 on currentPassword and changes nothing", async () => {
    const { agent, email } = await registerStudent("needpw");
    const missing = await patch(agent, { fullName: "Ivy", email: `${tag}.other1@example.com` });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fieldErrors).toEqual({ currentPassword: [CURRENT_PASSWORD_NEEDED] });
    const wrong = await patch(agent, {
      fullName: "Ivy",
      email: `${tag}.other1@example.com`,
      currentPassword: "not the password",
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).fieldErrors).toEqual({ currentPassword: [CURRENT_PASSWORD_WRONG] });
    expect(await me(agent)).toMatchObject({ email, fullName: "Ivy needpw" });

    // The name alone, or the same address in other letter case, needs no password.
    const renamed = await patch(agent, { fullName: "Ivy Renamed", email: email.toUpperCase() });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ fullName: "Ivy Renamed", emailVerified: false });
  });

  test("ends the other sessions, keeps this one, tells the old address; the link cancels a reset link", async () => {
    const { agent, email, token } = await registerStudent("change");
    await verifyEmail(token);
    const other = await signIn(`${tag}_change`, PASSWORD);
    await new Agent().call(forgot, "/api/password/forgot", { json: { email } });
    await settleAfterResponse(); // the reset e-mail goes after the response
    const resetToken = tokenIn(mailTo(email).at(-1)!, "/auth/reset-password");
    sent.length = 0;

    const newEmail = `${tag}.changed@example.com`;
    const response = await patch(agent, {
      fullName: "Ivy Changed",
      email: newEmail,
      currentPassword: PASSWORD,
    });
    expect(response.status).toBe(200);
    // The new address is pending until its link is opened (tests/integration/pending-email.test.ts).
    expect(await response.json()).toMatchObject({ email, pendingEmail: newEmail, emailVerified: true });

    expect((await agent.call(currentUser, "/api/user")).status).toBe(200);
    expect((await other.call(currentUser, "/api/user")).status).toBe(401);

    const [notice] = mailTo(email);
    expect(notice.subject).toBe("A new email address was entered for your UniSearch account");
    expect(notice.text).toContain(newEmail);
    const [verification] = mailTo(newEmail);
    await verifyEmail(tokenIn(verification, "/verify-email"));
    expect(await me(agent)).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });

    const late = await new Agent().call(reset, "/api/password/reset", {
      json: { token: resetToken, password: "stolen reset 3", confirmPassword: "stolen reset 3" },
    });
    expect(late.status).toBe(422);
    expect((await late.json()).error).toBe(RESET_LINK_INVALID);
  });

  test("an account without a password is told to set one first", async () => {
    const user = await createStudent({ email: `${tag}.gonly@example.com`, password: null });
    await prisma.user.update({ where: { id: user.id }, data: { googleId: `${tag}-gonly` } });
    await expect(
      updateProfile(user.id, { fullName: "G", email: `${tag}.gonly2@example.com`, currentPassword: "x" }),
    ).rejects.toMatchObject({
      status: 400,
      fieldErrors: { currentPassword: [NO_PASSWORD_FOR_EMAIL_CHANGE] },
    });
  });
});

test("changing the password tells the account's address", async () => {
  const { agent, email } = await registerStudent("pwnotice");
  sent.length = 0;
  const changed = await agent.call(changePassword, "/api/user/password", {
    json: { currentPassword: PASSWORD, password: "a new one 22", confirmPassword: "a new one 22" },
  });
  expect(changed.status).toBe(204);
  expect(mailTo(email).map((mail) => mail.subject)).toEqual([
    "The password of your UniSearch account was changed",
  ]);
});

describe("Google sign-in and linking", () => {
  const verified = { id: 1, emailVerifiedAt: new Date() };
  const unverified = { id: 1, emailVerifiedAt: null };
  const google = { sub: "g-1", email: "a@example.com", emailVerified: true, name: "A" };

  test("decideGoogleSignIn links only when both sides verified the address", () => {
    expect(decideGoogleSignIn(google, { id: 9 }, null)).toEqual({ action: "signIn", userId: 9 });
    expect(decideGoogleSignIn(google, null, null)).toEqual({ action: "create" });
    expect(decideGoogleSignIn(google, null, verified)).toEqual({ action: "link", userId: 1 });
    expect(decideGoogleSignIn(google, null, unverified)).toEqual({
      action: "refuse",
      reason: "accountEmailUnverified",
    });
    expect(decideGoogleSignIn({ ...google, emailVerified: false }, null, verified)).toEqual({
      action: "refuse",
      reason: "googleEmailUnverified",
    });
    expect(decideGoogleSignIn({ ...google, email: null }, null, null)).toEqual({
      action: "refuse",
      reason: "noEmail",
    });
  });

  test("pre-registration takeover: an unverified account with the Google address is not entered", async () => {
    // Someone registers with an address they do not own...
    const { user, email } = await registerStudent("squatter", `${tag}.victim@example.com`);
    // ...and its real owner then signs in with Google.
    await expect(
      findOrCreateGoogleUser({ sub: `${tag}-victim`, email, emailVerified: true, name: "Victim" }),
    ).rejects.toEqual(new GoogleSignInRefused("accountEmailUnverified"));
    const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.googleId).toBeNull();
    expect(await prisma.user.count({ where: { googleId: `${tag}-victim` } })).toBe(0);
  });

  test("a verified account is linked; a Google address Google did not verify is refused", async () => {
    const { user, email, token } = await registerStudent("verifiedlink");
    await expect(
      findOrCreateGoogleUser({ sub: `${tag}-unv`, email, emailVerified: false, name: "X" }),
    ).rejects.toEqual(new GoogleSignInRefused("googleEmailUnverified"));
    await verifyEmail(token);
    const linked = await findOrCreateGoogleUser({ sub: `${tag}-vl`, email, emailVerified: true, name: "X" });
    expect(linked).toMatchObject({ id: user.id, googleId: `${tag}-vl` });
    // Next time the Google id alone finds it.
    expect(await findOrCreateGoogleUser({ sub: `${tag}-vl`, email: "other@example.com" })).toMatchObject({
      id: user.id,
    });
  });

  test("a first Google sign-in makes an account verified only when Google verified the address", async () => {
    const yes = remember(
      "user",
      await findOrCreateGoogleUser({
        sub: `${tag}-new1`,
        email: `${tag}.new1@example.com`,
        emailVerified: true,
      }),
    );
    const no = remember(
      "user",
      await findOrCreateGoogleUser({
        sub: `${tag}-new2`,
        email: `${tag}.new2@example.com`,
        emailVerified: false,
      }),
    );
    expect(yes.emailVerifiedAt).not.toBeNull();
    expect(no.emailVerifiedAt).toBeNull();
  });

  test("a signed-in user links any Google account not linked elsewhere, and unlinks it if a password remains", async () => {
    const { agent, user } = await registerStudent("linkmode");
    await linkGoogleAccount(user.id, {
      sub: `${tag}-lm`,
      email: "elsewhere@example.com",
      emailVerified: true,
    });
    expect(await me(agent)).toMatchObject({ googleLinked: true, emailVerified: false });

    const other = await createStudent({ email: `${tag}.taken@example.com` });
    await expect(linkGoogleAccount(other.id, { sub: `${tag}-lm` })).rejects.toEqual(
      new GoogleSignInRefused("linkedElsewhere"),
    );

    const unlinked = await agent.call(unlinkGoogleRoute, "/api/user/google", { method: "DELETE" });
    expect(unlinked.status).toBe(200);
    expect(await unlinked.json()).toMatchObject({ googleLinked: false });
  });

  test("Google vouching for the user's own address verifies it when linking", async () => {
    const { agent, user, email } = await registerStudent("vouch");
    await linkGoogleAccount(user.id, { sub: `${tag}-vouch`, email, emailVerified: true });
    expect(await me(agent)).toMatchObject({ googleLinked: true, emailVerified: true });
  });

  test("an account without a password cannot unlink Google (409)", async () => {
    const user = await createStudent({ email: `${tag}.nopw@example.com`, password: null });
    await prisma.user.update({ where: { id: user.id }, data: { googleId: `${tag}-nopw` } });
    await expect(unlinkGoogle(user.id)).rejects.toMatchObject({
      status: 409,
      message: UNLINK_NEEDS_PASSWORD,
    });
  });
});
