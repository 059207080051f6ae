import { POST as login } from "@/app/api/login/route";
import { POST as forgot } from "@/app/api/password/forgot/route";
import { POST as reset } from "@/app/api/password/reset/route";
import { POST as register } from "@/app/api/register/route";
import { GET as currentUser } from "@/app/api/user/route";
import {
  ADDRESS_FAILURES_PER_WINDOW,
  CONSECUTIVE_FAILURES,
  REGISTRATIONS_PER_HOUR,
  RESET_REQUESTS_PER_ADDRESS_PER_HOUR,
  RESET_REQUESTS_PER_EMAIL_PER_HOUR,
  USERNAME_FAILURES_PER_WINDOW,
} from "@/lib/auth/rate-limit";
import { prisma } from "@/lib/db/client";
import { settleAfterResponse } from "@/lib/http/after-response";
import type { Mail } from "@/lib/mail/send";
import { FORGOT_PASSWORD_ANSWER } from "@/lib/users/accounts";
import { Agent } from "../support/agent";
import { cleanup, createStudent, remember, uniqueTag } from "../support/factories";

// Issue 11 §3: one student's typos must not lock out a school behind one address, parallel
// guesses are all counted, a client cannot choose its address, registration that succeeds is a
// success, and forgot-password says nothing about who has an account. The integration setup
// trusts one proxy hop (TRUSTED_PROXIES=1): the Agent's X-Forwarded-For is what that proxy wrote.

const sent: Mail[] = [];
let mailGate: Promise<void> = Promise.resolve();
jest.mock("@/lib/mail/send", () => ({
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

afterAll(async () => {
  await cleanup();
  await prisma.user.deleteMany({ where: { username: { startsWith: tag } } });
  await prisma.signInThrottle.deleteMany({
    where: { OR: [{ key: { contains: tag.toLowerCase() } }, { key: { contains: ":198.51." } }] },
  });
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

  test(`at most ${RESET_REQUESTS_PER_EMAIL_PER_HOUR} requests per e-mail address an hour, from any address`, async () => {
    const email = `${tag}.bombed@example.com`;
    for (let i = 0; i < RESET_REQUESTS_PER_EMAIL_PER_HOUR; i++) {
      expect((await forgotFrom(newAddress(), email)).status).toBe(202);
    }
    const refused = await forgotFrom(newAddress(), email.toUpperCase());
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/^Too many password reset requests\. Try again in/);
    await settleAfterResponse();
  });

  test(`at most ${RESET_REQUESTS_PER_ADDRESS_PER_HOUR} requests per client address an hour`, async () => {
    const address = newAddress();
    await presetCounter(`reset_ip:${address}`, RESET_REQUESTS_PER_ADDRESS_PER_HOUR - 1);
    expect((await forgotFrom(address, `${tag}.one@example.com`)).status).toBe(202);
    expect((await forgotFrom(address, `${tag}.two@example.com`)).status).toBe(429);
    expect((await forgotFrom(newAddress(), `${tag}.two@example.com`)).status).toBe(202);
    await settleAfterResponse();
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
