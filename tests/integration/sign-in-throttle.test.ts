import { POST as login } from "@/app/api/login/route";
import { POST as forgot } from "@/app/api/password/forgot/route";
import { POST as reset } from "@/app/api/password/reset/route";
import { POST as register } from "@/app/api/register/route";
import { POST as resendVerification } from "@/app/api/user/email/verification/route";
import { GET as currentUser } from "@/app/api/user/route";
import {
  ADDRESS_FAILURES_PER_WINDOW,
  CONSECUTIVE_FAILURES,
  REGISTRATIONS_PER_HOUR,
  REGISTRATIONS_UNKNOWN_ADDRESS_PER_HOUR,
  RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
  USERNAME_FAILURES_PER_WINDOW,
  VERIFICATION_RESENDS_PER_HOUR,
} from "@/lib/auth/rate-limit.server";
import { prisma } from "@/lib/db/client.server";
import { settleAfterResponse } from "@/lib/http/after-response.server";
import type { Mail } from "@/lib/mail/send.server";
import {
  EMAIL_TAKEN,
  FORGOT_PASSWORD_ANSWER,
  RESET_LINK_INVALID,
  VERIFICATION_SENT,
} from "@/lib/users/accounts.server";
import { resendVerificationAction } from "@/lib/users/actions";
import { Agent } from "../support/agent";
import { cleanup, createStudent, remember, uniqueTag } from "../support/factories";
import { lookAlikes } from "../support/hostile";

// One student's typos must not lock out a school behind one address, parallel
// guesses are all counted, a client cannot choose its address, registration that succeeds is a
// success, and forgot-password says nothing about who has an account. The integration setup
// trusts one proxy hop (TRUSTED_PROXIES=1): the Agent's X-Forwarded-For is what that proxy wrote.

const sent: Mail[] = [];
let mailGate: Promise<void> = Promise.resolve();
jest.mock("@/lib/mail/send.server", () => ({
  sendMail: async (mail: Mail) => {
    await mailGate;
    sent.push(mail);
  },
}));

const tag = uniqueTag();
const PASSWORD = "correct horse battery";
let addressCount = 0;
/** A fresh address per call (a school's NAT address, a guesser's...). */
const newAddress = () => `198.51.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;

async function student(suffix: string) {
  const username = `${tag}_${suffix}`;
  return createStudent({
    username,
    email: `${username}@example.com`,
    fullName: `Student ${suffix}`,
    password: PASSWORD,
  });
}

const signIn = (agent: Agent, username: string, password: string) =>
  agent.call(login, "/api/login", { json: { username, password } });

/** Sets a counter as if `points` events had happened within its window. */
async function presetCounter(key: string, points: number) {
  const expire = BigInt(Date.now() + 10 * 60_000);
  await prisma.signInThrottle.upsert({
    where: { key },
    create: { key, points, expire },
    update: { points, expire },
  });
}

/** The counters of the accounts this file made (keyed by id) and of its names and addresses. */
async function deleteCounters() {
  const ids = (
    await prisma.user.findMany({ where: { username: { startsWith: tag } }, select: { id: true } })
  ).map((u) => u.id);
  await prisma.signInThrottle.deleteMany({
    where: {
      OR: [
        { key: { contains: tag.toLowerCase() } },
        { key: { contains: ":198.51." } },
        ...ids.flatMap((id) => [
          { key: `login_user:id:${id}` },
          { key: { startsWith: `login_user_ip:id:${id}|` } },
          { key: { startsWith: `login_lockouts:id:${id}|` } },
          { key: `reset_mail:${id}` },
          { key: `verification_resend:${id}` },
        ]),
      ],
    },
  });
}

afterAll(async () => {
  await deleteCounters();
  await cleanup();
  await prisma.user.deleteMany({ where: { username: { startsWith: tag } } });
});

describe("one address shared by a school (NAT)", () => {
  test("one student's failures pause that student there, not the others on the address", async () => {
    const school = newAddress();
    const typist = await student("typist");
    const classmate = await student("classmate");
    const agent = () => new Agent(school);

    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await signIn(agent(), typist.username, `typo ${i}`)).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Even the right password waits out the pause, which grows from a minute.
    const paused = await signIn(agent(), typist.username, PASSWORD);
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect((await paused.json()).error).toMatch(/^Too many failed sign-in attempts\. Try again in 1 minute/);

    // A classmate on the same address signs in, and a newcomer registers and is signed in.
    expect((await signIn(agent(), classmate.username, PASSWORD)).status).toBe(200);
    const newcomer = agent();
    const registered = await newcomer.call(register, "/api/register", {
      json: {
        fullName: "New Student",
        email: `${tag}.newcomer@example.com`,
        username: `${tag}_newcomer`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(registered.status).toBe(201);
    remember("user", await registered.json());
    expect((await newcomer.call(currentUser, "/api/user")).status).toBe(200);

    // The typist, from home, is not paused: 5 failures are under the username's own limit.
    expect((await signIn(new Agent(newAddress()), typist.username, PASSWORD)).status).toBe(200);
  });

  test(`the address alone is refused only after ${ADDRESS_FAILURES_PER_WINDOW} failures in 15 minutes`, async () => {
    const school = newAddress();
    const someone = await student("someone");
    // Thirty students mistype once each: nobody else notices.
    for (let i = 0; i < 30; i++) {
      expect((await signIn(new Agent(school), `${tag}_ghost${i}`, "wrong password")).status).toBe(401);
    }
    expect((await signIn(new Agent(school), someone.username, PASSWORD)).status).toBe(200);

    // At the figure, the address is refused, whoever signs in.
    await presetCounter(`login_ip:${school}`, ADDRESS_FAILURES_PER_WINDOW);
    const refused = await signIn(new Agent(school), someone.username, PASSWORD);
    expect(refused.status).toBe(429);
    expect((await signIn(new Agent(newAddress()), someone.username, PASSWORD)).status).toBe(200);
  });
});

describe("counting", () => {
  test("200 parallel wrong guesses from one address: at most 5 reach a password check", async () => {
    const target = await student("race");
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signIn(new Agent(address), target.username, `guess ${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(CONSECUTIVE_FAILURES);
  });

  test("200 parallel wrong guesses from 200 addresses: at most the username's limit reach a check", async () => {
    const target = await student("spread");
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signIn(new Agent(newAddress()), target.username, `guess ${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(USERNAME_FAILURES_PER_WINDOW);
    // The owner's right password waits too: the known price of stopping guesses from many addresses.
    expect((await signIn(new Agent(newAddress()), target.username, PASSWORD)).status).toBe(429);
  });

  test("a case variant of the username counts against the same account", async () => {
    const target = await student("Casey");
    const address = newAddress();
    const variants = [target.username.toUpperCase(), target.username.toLowerCase(), target.username];
    for (let i = 0; i < CONSECUTIVE_FAILURES; i++) {
      const response = await signIn(new Agent(address), variants[i % variants.length], "wrong password");
      expect(response.status).toBe(401);
    }
    expect((await signIn(new Agent(address), target.username.toLowerCase(), PASSWORD)).status).toBe(429);
  });

  test("a success clears the username's failures", async () => {
    const target = await student("forgiven");
    const address = newAddress();
    for (let i = 0; i < CONSECUTIVE_FAILURES - 1; i++) {
      expect((await signIn(new Agent(address), target.username, "wrong password")).status).toBe(401);
    }
    expect((await signIn(new Agent(address), target.username, PASSWORD)).status).toBe(200);
    for (let i = 0; i < CONSECUTIVE_FAILURES - 1; i++) {
      expect((await signIn(new Agent(address), target.username, "wrong password")).status).toBe(401);
    }
    expect((await signIn(new Agent(address), target.username, PASSWORD)).status).toBe(200);
  });
});

describe("look-alike letters in the username", () => {
  // A name with an "i", a "k" and letters that have look-alikes in other scripts.
  const variantsOf = (username: string) => Object.entries(lookAlikes(username));
  const kinds = Object.keys(lookAlikes(`${tag}_kiosk`));
  let made = 0;
  const kioskStudent = () => student(`kiosk${++made}`);
  const variantOf = (username: string, kind: string) => lookAlikes(username)[kind];

  test("the helper gives every kind of look-alike", () => {
    expect(kinds).toHaveLength(5);
  });

  test.each(kinds)("failures with %s count against the account", async (kind) => {
    const target = await kioskStudent();
    const variant = variantOf(target.username, kind);
    const address = newAddress();
    for (let i = 0; i < CONSECUTIVE_FAILURES; i++) {
      expect((await signIn(new Agent(address), variant, "wrong password")).status).toBe(401);
    }
    // The account itself is paused on that address, even with the right password.
    expect((await signIn(new Agent(address), target.username, PASSWORD)).status).toBe(429);
  });

  test("failures spread over every look-alike and many addresses reach the account's own limit", async () => {
    const target = await kioskStudent();
    const spellings = [target.username, ...variantsOf(target.username).map(([, v]) => v)];
    for (let i = 0; i < USERNAME_FAILURES_PER_WINDOW; i++) {
      const response = await signIn(
        new Agent(newAddress()),
        spellings[i % spellings.length],
        "wrong password",
      );
      expect(response.status).toBe(401);
    }
    expect((await signIn(new Agent(newAddress()), target.username, PASSWORD)).status).toBe(429);
  });

  test.each(kinds)("%s with the right password does not sign in past a pause", async (kind) => {
    const target = await kioskStudent();
    const address = newAddress();
    for (let i = 0; i < CONSECUTIVE_FAILURES; i++) {
      expect((await signIn(new Agent(address), target.username, "wrong password")).status).toBe(401);
    }
    const agent = new Agent(address);
    expect((await signIn(agent, variantOf(target.username, kind), PASSWORD)).status).toBe(429);
    expect(agent.hasSession()).toBe(false);
  });

  test("fullwidth letters and the Kelvin sign are the same name (NFKC); other look-alikes never sign in", async () => {
    const target = await kioskStudent();
    const answers = Object.fromEntries(
      await Promise.all(
        variantsOf(target.username).map(async ([kind, variant]) => {
          const agent = new Agent(newAddress());
          const status = (await signIn(agent, variant, PASSWORD)).status;
          return [kind, { status, signedIn: agent.hasSession() }];
        }),
      ),
    );
    expect(answers).toEqual({
      "capital I with dot (U+0130)": { status: 401, signedIn: false },
      "Kelvin sign (U+212A)": { status: 200, signedIn: true },
      "fullwidth letters": { status: 200, signedIn: true },
      "a combining mark": { status: 401, signedIn: false },
      "mixed scripts": { status: 401, signedIn: false },
    });
  });

  test("registration takes no look-alike of a taken username or e-mail address", async () => {
    const taken = await kioskStudent();
    const address = newAddress();
    const attempt = (username: string, email: string) =>
      new Agent(address).call(register, "/api/register", {
        json: { fullName: "Look Alike", email, username, password: PASSWORD, confirmPassword: PASSWORD },
      });
    for (const [kind, variant] of variantsOf(taken.username)) {
      const byName = await attempt(variant, `${tag}.lookalike@example.com`);
      const byEmail = await attempt(`${tag}_lookalike`, `${variant}@example.com`);
      // Refused as invalid, or as the account it is (a Kelvin sign in an address is lowercased to
      // "k" before it is compared, as the database would): never a second account.
      expect([kind, byName.status]).toEqual([kind, 400]);
      expect([kind, [400, 409].includes(byEmail.status)]).toEqual([kind, true]);
    }
    expect(await prisma.user.count({ where: { username: { startsWith: `${tag}_lookalike` } } })).toBe(0);
  });
});

test("a client-set X-Forwarded-For entry does not change the address counted (TRUSTED_PROXIES=1)", async () => {
  const target = await student("spoofer");
  const address = newAddress();
  for (let i = 0; i < CONSECUTIVE_FAILURES; i++) {
    // The client invents the first entry each time; the proxy appends the address it saw.
    const response = await new Agent(address).call(login, "/api/login", {
      json: { username: target.username, password: "wrong password" },
      headers: { "x-forwarded-for": `203.0.113.${i}, ${address}` },
    });
    expect(response.status).toBe(401);
  }
  const refused = await new Agent(address).call(login, "/api/login", {
    json: { username: target.username, password: PASSWORD },
    headers: { "x-forwarded-for": `203.0.113.99, ${address}` },
  });
  expect(refused.status).toBe(429);
  // The proxy's entry was counted each time (the refused attempt gave its point back)...
  const counted = await prisma.signInThrottle.findUnique({ where: { key: `login_ip:${address}` } });
  expect(counted?.points).toBe(CONSECUTIVE_FAILURES);
  // ...and none of the invented ones.
  const invented = { key: { startsWith: "login_ip:203.0.113." } };
  expect(await prisma.signInThrottle.count({ where: invented })).toBe(0);
});

describe("registration", () => {
  const input = (suffix: string) => ({
    fullName: `Registrant ${suffix}`,
    email: `${tag}.${suffix}@example.com`,
    username: `${tag}_${suffix}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });

  test("a registration that creates the account answers 201 with the session, whatever was counted", async () => {
    const address = newAddress();
    const username = `${tag}_wanted`;
    // Guesses at the name before it was taken, and an address at its sign-in limit.
    for (let i = 0; i < USERNAME_FAILURES_PER_WINDOW; i++) {
      await signIn(new Agent(newAddress()), username, "wrong password");
    }
    await presetCounter(`login_ip:${address}`, ADDRESS_FAILURES_PER_WINDOW);

    const agent = new Agent(address);
    const response = await agent.call(register, "/api/register", { json: input("wanted") });
    expect(response.status).toBe(201);
    remember("user", await response.json());
    expect(agent.hasSession()).toBe(true);
    // The guesses at the free name do not lock out the student who took it.
    expect((await signIn(new Agent(newAddress()), username, PASSWORD)).status).toBe(200);
  });

  test(`more than ${REGISTRATIONS_PER_HOUR} registrations from one address in an hour: 429 before any account is made`, async () => {
    const address = newAddress();
    await presetCounter(`register_ip:${address}`, REGISTRATIONS_PER_HOUR);
    const response = await new Agent(address).call(register, "/api/register", { json: input("flood") });
    expect(response.status).toBe(429);
    expect((await response.json()).error).toMatch(
      /^Too many accounts were created from this network\. Try again in/,
    );
    expect(await prisma.user.count({ where: { username: `${tag}_flood` } })).toBe(0);
  });

  test("a taken e-mail address answers 409 with its message, and counts like any registration", async () => {
    const owner = await student("taken");
    const address = newAddress();
    await presetCounter(`register_ip:${address}`, REGISTRATIONS_PER_HOUR - 1);
    const probe = () =>
      new Agent(address).call(register, "/api/register", {
        json: { ...input("prober"), email: owner.email },
      });
    const taken = await probe();
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toBe(EMAIL_TAKEN);
    expect((await probe()).status).toBe(429);
  });

  test(`without a trusted client address, all registrations share ${REGISTRATIONS_UNKNOWN_ADDRESS_PER_HOUR} an hour`, async () => {
    const owner = await student("unknownaddress");
    // No X-Forwarded-For: the proxy in front (TRUSTED_PROXIES=1) wrote no address.
    const probe = () =>
      new Agent().call(register, "/api/register", {
        json: { ...input("anonymous"), email: owner.email },
        headers: { "x-forwarded-for": "" },
      });
    const key = "register_unknown:all";
    const before = await prisma.signInThrottle.findUnique({ where: { key } });
    try {
      await presetCounter(key, REGISTRATIONS_UNKNOWN_ADDRESS_PER_HOUR - 1);
      expect((await probe()).status).toBe(409);
      const refused = await probe();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await refused.json()).error).toMatch(
        /^Too many accounts were created from this network\. Try again in/,
      );
    } finally {
      // The counter is shared with every registration without an address: leave it as it was.
      if (before) await prisma.signInThrottle.update({ where: { key }, data: before });
      else await prisma.signInThrottle.delete({ where: { key } });
    }
  });
});

describe("password reset", () => {
  const forgotFrom = (address: string, email: string) =>
    new Agent(address).call(forgot, "/api/password/forgot", { json: { email } });

  beforeEach(() => {
    sent.length = 0;
  });

  test("the answer is the same, and comes before the e-mail, whether or not the account exists", async () => {
    const owner = await student("owner");
    let release!: () => void;
    mailGate = new Promise((resolve) => (release = resolve));
    try {
      const known = await forgotFrom(newAddress(), owner.email);
      const unknown = await forgotFrom(newAddress(), `${tag}.nobody@example.com`);
      expect([known.status, unknown.status]).toEqual([202, 202]);
      expect(await known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      expect(await unknown.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
      // Both answers are out; the e-mail is still waiting to be sent.
      expect(sent).toHaveLength(0);
    } finally {
      release();
      mailGate = Promise.resolve();
    }
    await settleAfterResponse();
    expect(sent.map((m) => m.to)).toEqual([owner.email]);
  });

  const linkIn = (mail: Mail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
  const resetWith = (token: string, password: string) =>
    new Agent(newAddress()).call(reset, "/api/password/reset", {
      json: { token, password, confirmPassword: password },
    });

  test("requests past any count still answer 202, and cannot keep the owner from a working link", async () => {
    const owner = await student("recovers");
    // Someone asks again and again, from many addresses, in any letter case.
    const answers = [];
    for (let i = 0; i < 20; i++) {
      const email = i % 2 ? owner.email.toUpperCase() : owner.email;
      answers.push((await forgotFrom(newAddress(), email)).status);
    }
    expect(new Set(answers)).toEqual(new Set([202]));
    await settleAfterResponse();
    // One e-mail for the whole burst.
    expect(sent.filter((m) => m.to === owner.email)).toHaveLength(1);

    // The owner asks too: answered alike; the link already sent still works.
    const mine = await forgotFrom(newAddress(), owner.email);
    expect(mine.status).toBe(202);
    expect(await mine.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    await settleAfterResponse();
    expect(sent.filter((m) => m.to === owner.email)).toHaveLength(1);
    expect((await resetWith(linkIn(sent[0]), "recovered password")).status).toBe(200);
    expect((await signIn(new Agent(newAddress()), owner.username, "recovered password")).status).toBe(200);

    // The reset spent the link: the next request sends one at once.
    expect((await forgotFrom(newAddress(), owner.email)).status).toBe(202);
    await settleAfterResponse();
    expect(sent.filter((m) => m.to === owner.email)).toHaveLength(2);
  });

  test("a request after the interval sends a new link, which replaces the last", async () => {
    const owner = await student("interval");
    await forgotFrom(newAddress(), owner.email);
    await settleAfterResponse();
    const first = linkIn(sent.at(-1)!);
    // The interval ends (its counter expires).
    await prisma.signInThrottle.update({
      where: { key: `reset_mail:${owner.id}` },
      data: { expire: BigInt(Date.now() - 1000) },
    });
    await forgotFrom(newAddress(), owner.email);
    await settleAfterResponse();
    expect(sent.filter((m) => m.to === owner.email)).toHaveLength(2);
    const second = linkIn(sent.at(-1)!);
    const stale = await resetWith(first, "from the first link");
    expect(stale.status).toBe(422);
    expect((await stale.json()).error).toBe(RESET_LINK_INVALID);
    expect((await resetWith(second, "from the second link")).status).toBe(200);
  });

  test(`past ${RESET_REQUESTS_PER_ADDRESS_PER_HOUR} requests from one client address an hour: 202, and nothing is sent`, async () => {
    const owner = await student("busyaddress");
    const address = newAddress();
    await presetCounter(`reset_ip:${address}`, RESET_REQUESTS_PER_ADDRESS_PER_HOUR);
    const refused = await forgotFrom(address, owner.email);
    expect(refused.status).toBe(202);
    expect(await refused.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    await settleAfterResponse();
    expect(sent).toHaveLength(0);
    // From anywhere else, the owner's request is served.
    expect((await forgotFrom(newAddress(), owner.email)).status).toBe(202);
    await settleAfterResponse();
    expect(sent.map((m) => m.to)).toEqual([owner.email]);
  });

  test("completing a reset lifts the account's pause, from every address", async () => {
    const locked = await student("locked");
    for (let i = 0; i < USERNAME_FAILURES_PER_WINDOW; i++) {
      await signIn(new Agent(newAddress()), locked.username, "wrong password");
    }
    const home = newAddress();
    expect((await signIn(new Agent(home), locked.username, PASSWORD)).status).toBe(429);

    expect((await forgotFrom(home, locked.email)).status).toBe(202);
    await settleAfterResponse();
    const token = new URL(/https?:\/\/\S+/.exec(sent.at(-1)!.text)![0]).searchParams.get("token")!;
    const done = await new Agent(home).call(reset, "/api/password/reset", {
      json: { token, password: "brand new password", confirmPassword: "brand new password" },
    });
    expect(done.status).toBe(200);
    expect((await signIn(new Agent(home), locked.username, "brand new password")).status).toBe(200);
  });
});

describe("verification e-mails", () => {
  /** The profile's Resend link without JavaScript: the server action, with the agent's session. */
  async function resendByForm(agent: Agent) {
    const { state } = await agent.act(
      resendVerificationAction,
      {},
      {
        path: "/user/profile",
        headers: { "x-forwarded-for": newAddress() },
      },
    );
    return state!;
  }

  test(`"Resend link" sends at most ${VERIFICATION_RESENDS_PER_HOUR} an hour, by the API and the form together`, async () => {
    const owner = await student("resender");
    const agent = new Agent(newAddress());
    expect((await signIn(agent, owner.username, PASSWORD)).status).toBe(200);
    sent.length = 0;
    const resend = () => agent.call(resendVerification, "/api/user/email/verification", { method: "POST" });
    for (let i = 0; i < VERIFICATION_RESENDS_PER_HOUR - 1; i++) expect((await resend()).status).toBe(202);
    expect(await resendByForm(agent)).toEqual({ message: VERIFICATION_SENT });

    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatch(
      /^Too many verification e-mails were asked for\. Try again in/,
    );
    expect(await resendByForm(agent)).toMatchObject({ status: 429 });
    await settleAfterResponse();
    expect(sent.filter((m) => m.to === owner.email)).toHaveLength(VERIFICATION_RESENDS_PER_HOUR);
  });
});
