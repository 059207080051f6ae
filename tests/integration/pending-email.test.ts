import { POST as forgot } from "@/app/api/password/forgot/route";
import { POST as reset } from "@/app/api/password/reset/route";
import { POST as register } from "@/app/api/register/route";
import { DELETE as cancelChange } from "@/app/api/user/email/pending/route";
import { POST as resendVerification } from "@/app/api/user/email/verification/route";
import { GET as currentUser, PATCH as updateUser } from "@/app/api/user/route";
import { findOrCreateGoogleUser, linkGoogleAccount } from "@/lib/auth/google.server";
import { prisma } from "@/lib/db/client.server";
import { settleAfterResponse } from "@/lib/http/after-response.server";
import type { Mail } from "@/lib/mail/send.server";
import {
  EMAIL_CHANGE_TAKEN,
  EMAIL_TAKEN,
  NO_PENDING_EMAIL,
  RESET_LINK_INVALID,
  VERIFY_LINK_INVALID,
  verifyEmail,
} from "@/lib/users/accounts.server";
import type { UserDto } from "@/lib/users/dto";
import { Agent } from "../support/agent";
import { cleanup, createStudent, remember, TEST_PASSWORD, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";

// A new e-mail address stays pending until the link sent to it is opened: the account keeps its
// address, the pending one blocks nobody's registration, and it is dropped when another account
// registers or verifies it first. Otherwise anyone could take an address they do not receive mail
// at, and its owner could no longer register with it.

const sent: Mail[] = [];
jest.mock("@/lib/mail/send.server", () => ({ sendMail: async (mail: Mail) => void sent.push(mail) }));

const tag = uniqueTag();

afterAll(cleanup);
beforeEach(() => {
  sent.length = 0;
});

const address = (name: string) => `${tag}.${name}@example.com`;
const mailTo = (to: string) => sent.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
const tokenIn = (mail: Mail, path: string) => {
  const link = new URL(new RegExp(`https?://\\S+${path}\\S*`).exec(mail.text)![0]);
  expect(link.pathname).toBe(path);
  return link.searchParams.get("token")!;
};
/** The token of the last verification link sent to `to`. */
const linkTo = (to: string) => tokenIn(mailTo(to).at(-1)!, "/verify-email");

const me = async (agent: Agent) => (await (await agent.call(currentUser, "/api/user")).json()) as UserDto;

/** A signed-in student with a verified address of their own. */
async function student(name: string) {
  const user = await createStudent({ username: `${tag}_${name}`, email: address(name) });
  await prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
  return { user, agent: await signIn(user.username) };
}

/** PATCH /api/user with a new address and the right password. */
const askFor = (agent: Agent, email: string, fullName = "Pat Pending") =>
  agent.call(updateUser, "/api/user", {
    method: "PATCH",
    json: { fullName, email, currentPassword: TEST_PASSWORD },
  });

async function registerWith(email: string, name: string) {
  const password = "owner password 12";
  const response = await new Agent().call(register, "/api/register", {
    json: { fullName: "Real Owner", email, username: `${tag}_${name}`, password, confirmPassword: password },
  });
  if (response.status === 201) remember("user", (await response.clone().json()) as { id: number });
  return response;
}

test("a new address is pending: the account keeps its own, and only the new one gets the link", async () => {
  const { user, agent } = await student("keeps");
  const wanted = address("keeps-new");

  const response = await askFor(agent, wanted);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({
    email: user.email,
    emailVerified: true,
    pendingEmail: wanted,
    fullName: "Pat Pending",
  });
  expect(await me(agent)).toMatchObject({ email: user.email, emailVerified: true, pendingEmail: wanted });

  expect(mailTo(wanted).map((mail) => mail.subject)).toEqual(["Verify your email address for UniSearch"]);
  const [notice] = mailTo(user.email);
  expect(notice.subject).toBe("A new email address was entered for your UniSearch account");
  expect(notice.text).toContain(wanted);
  expect(notice.text).toContain("keeps this address until the link");

  // Resend goes to the pending address, and replaces the earlier link.
  const first = linkTo(wanted);
  const resent = await agent.call(resendVerification, "/api/user/email/verification", { method: "POST" });
  expect(resent.status).toBe(202);
  expect(mailTo(wanted)).toHaveLength(2);
  expect(mailTo(user.email)).toHaveLength(1);
  await expect(verifyEmail(first)).rejects.toMatchObject({ status: 422, message: VERIFY_LINK_INVALID });

  // Saving the name with the account's own address leaves the change pending.
  const renamed = await agent.call(updateUser, "/api/user", {
    method: "PATCH",
    json: { fullName: "Pat Renamed", email: user.email },
  });
  expect(await renamed.json()).toMatchObject({ fullName: "Pat Renamed", pendingEmail: wanted });
});

test("the owner of a pending address can still register with it, and the claim is dropped", async () => {
  const { user, agent } = await student("squat");
  const victim = address("squat-victim");
  expect((await askFor(agent, victim)).status).toBe(200);
  const squatterLink = linkTo(victim);

  // Letter case does not matter: e-mails are citext.
  const registered = await registerWith(victim.toUpperCase(), "squatowner");
  expect(registered.status).toBe(201);
  expect(await me(agent)).toMatchObject({ email: user.email, pendingEmail: null });

  // The squatter's link now says why it no longer works, once, and changes nothing.
  await expect(verifyEmail(squatterLink)).rejects.toMatchObject({ status: 409, message: EMAIL_CHANGE_TAKEN });
  await expect(verifyEmail(squatterLink)).rejects.toMatchObject({ status: 422 });
  expect(await me(agent)).toMatchObject({ email: user.email, pendingEmail: null });
  // And the address is the owner's: another change to it is refused at once.
  const again = await askFor(agent, victim);
  expect(again.status).toBe(409);
  expect((await again.json()).fieldErrors).toEqual({ email: [EMAIL_TAKEN] });
});

test("the link confirms the change: the address is the account's, verified; the old one is told and freed", async () => {
  const { user, agent } = await student("confirm");
  const other = await signIn(user.username);
  await new Agent().call(forgot, "/api/password/forgot", { json: { email: user.email } });
  await settleAfterResponse(); // the reset e-mail goes after the response
  const resetLink = tokenIn(mailTo(user.email).at(-1)!, "/auth/reset-password");

  const wanted = address("confirm-new");
  expect((await askFor(agent, wanted)).status).toBe(200);
  // Asking ends the other sessions; this one continues.
  expect((await other.call(currentUser, "/api/user")).status).toBe(401);
  const link = linkTo(wanted);
  sent.length = 0;

  await expect(verifyEmail(link)).resolves.toEqual({ email: wanted, changed: true });
  expect(await me(agent)).toMatchObject({ email: wanted, emailVerified: true, pendingEmail: null });
  await expect(verifyEmail(link)).rejects.toMatchObject({ status: 422 });
  const [notice] = mailTo(user.email);
  expect(notice.subject).toBe("The email address of your UniSearch account was changed");
  expect(notice.text).toContain(wanted);

  // The reset link went to the old address: it no longer works.
  const late = await new Agent().call(reset, "/api/password/reset", {
    json: { token: resetLink, password: "stolen reset 33", confirmPassword: "stolen reset 33" },
  });
  expect(late.status).toBe(422);
  expect((await late.json()).error).toBe(RESET_LINK_INVALID);

  // The new address is taken now; the old one is free for someone else.
  expect((await registerWith(wanted, "confirmtaken")).status).toBe(409);
  expect((await registerWith(user.email, "confirmfreed")).status).toBe(201);
});

test("another account confirming the address first drops every other claim; its link answers 409", async () => {
  const first = await student("race1");
  const second = await student("race2");
  const third = await student("race3");
  const wanted = address("race-target");
  expect((await askFor(first.agent, wanted)).status).toBe(200);
  const firstLink = linkTo(wanted);
  expect((await askFor(second.agent, wanted)).status).toBe(200);
  const secondLink = linkTo(wanted);
  expect((await askFor(third.agent, wanted)).status).toBe(200);

  await expect(verifyEmail(secondLink)).resolves.toEqual({ email: wanted, changed: true });
  expect(await me(second.agent)).toMatchObject({ email: wanted, pendingEmail: null });
  expect(await me(third.agent)).toMatchObject({ email: third.user.email, pendingEmail: null });
  await expect(verifyEmail(firstLink)).rejects.toMatchObject({ status: 409, message: EMAIL_CHANGE_TAKEN });
  expect(await me(first.agent)).toMatchObject({
    email: first.user.email,
    emailVerified: true,
    pendingEmail: null,
  });
});

test("verifying an address as an account's own drops the pending claims on it", async () => {
  // An account that has the address but has not verified it yet (made before pending changes).
  const holder = await createStudent({ username: `${tag}_holder`, email: address("holder") });
  const claimant = await student("claimant");
  const wanted = address("holder");
  await prisma.user.update({ where: { id: claimant.user.id }, data: { pendingEmail: wanted } });
  expect(await me(claimant.agent)).toMatchObject({ pendingEmail: wanted });

  const holderAgent = await signIn(holder.username);
  expect(
    (await holderAgent.call(resendVerification, "/api/user/email/verification", { method: "POST" })).status,
  ).toBe(202);
  await verifyEmail(linkTo(wanted));
  expect(await me(claimant.agent)).toMatchObject({ email: claimant.user.email, pendingEmail: null });
});

test("an address another account holds when the link is opened: 409, the claim is dropped", async () => {
  const { user, agent } = await student("held");
  const wanted = address("held-target");
  expect((await askFor(agent, wanted)).status).toBe(200);
  const link = linkTo(wanted);
  // The factory writes the row directly, as an account made before pending changes would be.
  await createStudent({ username: `${tag}_heldowner`, email: wanted });

  await expect(verifyEmail(link)).rejects.toMatchObject({ status: 409, message: EMAIL_CHANGE_TAKEN });
  expect(await me(agent)).toMatchObject({ email: user.email, pendingEmail: null });
});

test("Cancel change forgets the address: its link stops working", async () => {
  const { user, agent } = await student("cancel");
  const wanted = address("cancel-new");
  expect((await askFor(agent, wanted)).status).toBe(200);
  const link = linkTo(wanted);

  const cancelled = await agent.call(cancelChange, "/api/user/email/pending", { method: "DELETE" });
  expect(cancelled.status).toBe(200);
  expect(await cancelled.json()).toMatchObject({ email: user.email, pendingEmail: null });
  await expect(verifyEmail(link)).rejects.toMatchObject({ status: 422, message: VERIFY_LINK_INVALID });
  const again = await agent.call(cancelChange, "/api/user/email/pending", { method: "DELETE" });
  expect(again.status).toBe(409);
  expect((await again.json()).error).toBe(NO_PENDING_EMAIL);
  expect((await new Agent().call(cancelChange, "/api/user/email/pending", { method: "DELETE" })).status).toBe(
    401,
  );
  // With nothing pending, Resend is about the account's own (verified) address again.
  expect(
    (await agent.call(resendVerification, "/api/user/email/verification", { method: "POST" })).status,
  ).toBe(409);
});

test("password reset finds the account by its address, never the pending one, and drops the change", async () => {
  const { user, agent } = await student("reset");
  const wanted = address("reset-new");
  expect((await askFor(agent, wanted)).status).toBe(200);
  const link = linkTo(wanted);
  sent.length = 0;

  await new Agent().call(forgot, "/api/password/forgot", { json: { email: wanted } });
  await settleAfterResponse();
  expect(sent).toEqual([]);

  await new Agent().call(forgot, "/api/password/forgot", { json: { email: user.email } });
  await settleAfterResponse();
  const resetLink = tokenIn(mailTo(user.email).at(-1)!, "/auth/reset-password");
  const done = await new Agent().call(reset, "/api/password/reset", {
    json: { token: resetLink, password: "owner is back 44", confirmPassword: "owner is back 44" },
  });
  expect(done.status).toBe(200);
  const owner = await signIn(user.username, "owner is back 44");
  expect(await me(owner)).toMatchObject({ email: user.email, pendingEmail: null });
  await expect(verifyEmail(link)).rejects.toMatchObject({ status: 422 });
});

test("Google: a pending address links nothing; a new Google account with it drops the claim", async () => {
  const { user, agent } = await student("google");
  const wanted = address("google-new");
  expect((await askFor(agent, wanted)).status).toBe(200);
  const link = linkTo(wanted);

  const created = remember(
    "user",
    await findOrCreateGoogleUser({ sub: `${tag}-gnew`, email: wanted, emailVerified: true, name: "G" }),
  );
  expect(created.id).not.toBe(user.id);
  expect(await me(agent)).toMatchObject({ email: user.email, googleLinked: false, pendingEmail: null });
  await expect(verifyEmail(link)).rejects.toMatchObject({ status: 409 });

  // Google vouching for the pending address when linking does not confirm the change.
  const other = await student("googlelink");
  const otherWanted = address("googlelink-new");
  expect((await askFor(other.agent, otherWanted)).status).toBe(200);
  await linkGoogleAccount(other.user.id, { sub: `${tag}-glink`, email: otherWanted, emailVerified: true });
  expect(await me(other.agent)).toMatchObject({
    email: other.user.email,
    googleLinked: true,
    pendingEmail: otherWanted,
  });
});

test("two accounts opening their links for one address at once: one gets it, the other a 409", async () => {
  for (const round of [1, 2, 3]) {
    const a = await student(`both${round}a`);
    const b = await student(`both${round}b`);
    const wanted = address(`both${round}-target`);
    expect((await askFor(a.agent, wanted)).status).toBe(200);
    const aLink = linkTo(wanted);
    expect((await askFor(b.agent, wanted)).status).toBe(200);
    const bLink = linkTo(wanted);

    const outcomes = await Promise.allSettled([verifyEmail(aLink), verifyEmail(bLink)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const [refused] = outcomes.filter((o) => o.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
      message: EMAIL_CHANGE_TAKEN,
    });
    expect(await prisma.user.count({ where: { email: wanted } })).toBe(1);
    expect(await prisma.user.count({ where: { pendingEmail: wanted } })).toBe(0);
  }
});

test("a registration and a confirmation of one address at once: one gets it, the other a 409", async () => {
  for (const round of [1, 2, 3]) {
    const { user, agent } = await student(`regrace${round}`);
    const wanted = address(`regrace${round}-target`);
    expect((await askFor(agent, wanted)).status).toBe(200);
    const link = linkTo(wanted);

    const [registered, confirmed] = await Promise.all([
      registerWith(wanted, `regrace${round}owner`),
      verifyEmail(link).then(
        () => "confirmed",
        (error: { status?: number; message?: string }) => error,
      ),
    ]);
    if (registered.status === 201) {
      expect(confirmed).toMatchObject({ status: 409, message: EMAIL_CHANGE_TAKEN });
      expect(await me(agent)).toMatchObject({ email: user.email, pendingEmail: null });
    } else {
      expect(registered.status).toBe(409);
      expect(confirmed).toBe("confirmed");
      expect(await me(agent)).toMatchObject({ email: wanted, pendingEmail: null });
    }
    expect(await prisma.user.count({ where: { email: wanted } })).toBe(1);
  }
});
