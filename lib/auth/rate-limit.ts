import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { prisma } from "@/lib/db/client";

// The sign-in, registration and password-reset throttles, and the contact form's (issue 11 §3; the figures and why:
// docs/decisions/0008-sign-in-throttle-per-account.md). Counters are rows of sign_in_throttle,
// rate-limiter-flexible's PostgreSQL store, so every app server sees the same counts. Each
// attempt counts itself first, in one atomic upsert per counter, and only then is the password
// checked: parallel guesses cannot all pass a check before any of them is counted.

/** Failures in a row for one username from one address before a pause. */
export const CONSECUTIVE_FAILURES = 5;
/** The first pause after CONSECUTIVE_FAILURES; each further one that day doubles, up to MAX_BACKOFF. */
export const FIRST_BACKOFF_SECONDS = 60;
export const MAX_BACKOFF_SECONDS = 60 * 60;
/** Failures for one username from any address within WINDOW (guessing from many addresses). */
export const USERNAME_FAILURES_PER_WINDOW = 10;
/** Failures from one address within WINDOW, whatever the usernames: far above a school's typos. */
export const ADDRESS_FAILURES_PER_WINDOW = 300;
export const WINDOW_SECONDS = 15 * 60;
/** Accounts registered from one address per hour. */
export const REGISTRATIONS_PER_HOUR = 100;
/** Password-reset requests per e-mail address, and per client address, per hour. */
export const RESET_REQUESTS_PER_EMAIL_PER_HOUR = 5;
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 50;
/** Wrong current passwords per account within WINDOW (e-mail and password changes, deletion). */
export const CURRENT_PASSWORD_FAILURES_PER_WINDOW = 10;
/** Contact-form messages per client address per hour. */
export const CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR = 5;
/**
 * Contact-form messages per hour from all senders whose address is unknown (no TRUSTED_PROXIES):
 * they share one counter, so that the table cannot be filled without limit.
 */
export const CONTACT_MESSAGES_UNKNOWN_ADDRESS_PER_HOUR = 60;

/** "1 minute", "15 minutes": the wait a 429 names (Retry-After has the seconds). */
export function minutesText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const TABLE = "sign_in_throttle";

/**
 * The library's queries, run on the app's pool through Prisma (so there is no second pool). The
 * library names its prepared statements; the names are dropped because PGlite's single backend
 * shares them between connections.
 */
const store = {
  async query({ text, values = [] }: { text: string; values?: unknown[] }) {
    if (/^\s*DELETE\b/i.test(text)) {
      return { rows: [], rowCount: await prisma.$executeRawUnsafe(text, ...values) };
    }
    const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values);
    return {
      // pg would give BIGINT as a string; the library computes with it, so a number will do.
      rows: rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "bigint" ? Number(v) : v])),
      ),
      rowCount: rows.length,
    };
  },
};

function limiter(keyPrefix: string, points: number, duration: number, clearExpired = false) {
  return new RateLimiterPostgres({
    storeClient: store,
    storeType: "pool",
    tableName: TABLE,
    // The table comes from a migration (prisma/migrations/*_sign_in_throttle).
    tableCreated: true,
    // One limiter deletes rows that ended an hour ago, every 5 minutes; the table is shared.
    clearExpiredByTimeout: clearExpired,
    keyPrefix,
    points,
    duration,
  });
}

// Created on first use: importing this module (as `next build` does) needs no database.
let limiters: ReturnType<typeof createLimiters> | undefined;
function createLimiters() {
  return {
    userIp: limiter("login_user_ip", CONSECUTIVE_FAILURES, HOUR, true),
    lockouts: limiter("login_lockouts", 1_000_000, DAY),
    user: limiter("login_user", USERNAME_FAILURES_PER_WINDOW, WINDOW_SECONDS),
    ip: limiter("login_ip", ADDRESS_FAILURES_PER_WINDOW, WINDOW_SECONDS),
    register: limiter("register_ip", REGISTRATIONS_PER_HOUR, HOUR),
    resetEmail: limiter("reset_email", RESET_REQUESTS_PER_EMAIL_PER_HOUR, HOUR),
    resetIp: limiter("reset_ip", RESET_REQUESTS_PER_ADDRESS_PER_HOUR, HOUR),
    currentPassword: limiter("current_password", CURRENT_PASSWORD_FAILURES_PER_WINDOW, WINDOW_SECONDS),
    contactIp: limiter("contact_ip", CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR, HOUR),
    contactUnknown: limiter("contact_unknown", CONTACT_MESSAGES_UNKNOWN_ADDRESS_PER_HOUR, HOUR),
  };
}
const all = () => (limiters ??= createLimiters());

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * A username as a key: lowercased like the citext column, so "Alice" and "alice" share counters.
 * Usernames have at most 32 characters; a longer login name (no account has one) is hashed to
 * keep keys within the column.
 */
const accountKey = (username: string) => {
  const name = username.trim().toLowerCase();
  return name.length <= 64 ? name : sha256(name);
};
/** The username from one address; without a trusted address, from anywhere ("?"). */
const userIpKey = (account: string, ip: string | null) => `${account}|${ip ?? "?"}`;

interface Counter {
  limiter: RateLimiterPostgres;
  key: string;
}
/** A counter over its limit: its count after this event and the milliseconds until it may pass. */
type Refused = Counter & { count: number; waitMs: number };

/** Seconds until the refusal ends (at least 1). */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts one event on each counter at once. If any is over its limit, the others get their point
 * back (a refused attempt tests nothing) and the answer is the longest wait; otherwise null.
 */
async function consumeAll(counters: Counter[]): Promise<{ retryAfter: number; refusedBy: Refused[] } | null> {
  const results = await Promise.allSettled(counters.map(({ limiter, key }) => limiter.consume(key)));
  const refusedBy: Refused[] = [];
  results.forEach((result, index) => {
    if (result.status === "fulfilled") return;
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    const { consumedPoints: count, msBeforeNext: waitMs } = result.reason;
    refusedBy.push({ ...counters[index], count, waitMs });
  });
  if (refusedBy.length === 0) return null;
  await Promise.all(
    counters
      .filter((_, index) => results[index].status === "fulfilled")
      .map(({ limiter, key }) => limiter.reward(key)),
  );
  return { retryAfter: seconds(Math.max(...refusedBy.map((r) => r.waitMs))), refusedBy };
}

// Registration signs the new account in through the same Credentials provider; that sign-in
// must not be throttled (the account exists by then, and the answer must be the session).
const unthrottled = new AsyncLocalStorage<true>();

/** Runs `work` with the sign-in throttle off (registration's sign-in of the account it created). */
export function withoutSignInThrottle<T>(work: () => Promise<T>): Promise<T> {
  return unthrottled.run(true, work);
}

export type SignInAttempt =
  { refused: true; retryAfter: number } | { refused: false; succeeded(): Promise<void> };

/**
 * Counts a sign-in attempt before its password is checked. Refused: answer 429 with `retryAfter`.
 * Otherwise check the password; a wrong one stays counted, a right one calls `succeeded()`.
 */
export async function beginSignInAttempt(username: string, ip: string | null): Promise<SignInAttempt> {
  if (unthrottled.getStore()) return { refused: false, succeeded: async () => {} };
  const { userIp, lockouts, user, ip: byIp } = all();
  const account = accountKey(username);
  const pair = userIpKey(account, ip);
  const counters: Counter[] = [
    { limiter: userIp, key: pair },
    { limiter: user, key: account },
    ...(ip ? [{ limiter: byIp, key: ip }] : []),
  ];
  const refusal = await consumeAll(counters);
  if (refusal) {
    const pause = await startBackoff(refusal.refusedBy, pair);
    if (pause === null) return { refused: true, retryAfter: refusal.retryAfter };
    // The pause replaces the pair's counting window; another counter may still refuse for longer.
    const others = refusal.refusedBy.filter((r) => r.limiter !== userIp).map((r) => seconds(r.waitMs));
    return { refused: true, retryAfter: Math.max(pause, ...others) };
  }
  return {
    refused: false,
    async succeeded() {
      // A success forgives this username's failures; the address keeps only its failures.
      await Promise.all([
        userIp.delete(pair),
        lockouts.delete(pair),
        user.delete(account),
        ...(ip ? [byIp.reward(ip)] : []),
      ]);
    },
  };
}

/**
 * The first refusal after CONSECUTIVE_FAILURES (exactly one request sees the counter at limit + 1,
 * however many run at once) pauses the username from that address: 1 minute, then 2, 4, ... for
 * each pause that day, up to an hour. After a pause the counter starts again.
 */
async function startBackoff(refusedBy: Refused[], pair: string) {
  const { userIp, lockouts } = all();
  const crossed = refusedBy.some((c) => c.limiter === userIp && c.count === CONSECUTIVE_FAILURES + 1);
  if (!crossed) return null;
  const pauses = (await lockouts.penalty(pair)).consumedPoints;
  const pause = Math.min(FIRST_BACKOFF_SECONDS * 2 ** (pauses - 1), MAX_BACKOFF_SECONDS);
  await userIp.block(pair, pause);
  return pause;
}

/** A completed password reset lifts the account's pauses and counts, from every address. */
export async function clearSignInLocks(username: string) {
  const account = accountKey(username);
  await prisma.signInThrottle.deleteMany({
    where: {
      OR: [
        { key: `login_user:${account}` },
        { key: { startsWith: `login_user_ip:${account}|` } },
        { key: { startsWith: `login_lockouts:${account}|` } },
      ],
    },
  });
}

/** Counts a registration from `ip` before the account is created; null when it may go ahead. */
export async function registrationRetryAfter(ip: string | null): Promise<number | null> {
  if (!ip) return null;
  return (await consumeAll([{ limiter: all().register, key: ip }]))?.retryAfter ?? null;
}

/** Counts a password-reset request, per e-mail address and per client address. */
export async function resetRequestRetryAfter(email: string, ip: string | null): Promise<number | null> {
  const { resetEmail, resetIp } = all();
  const refusal = await consumeAll([
    { limiter: resetEmail, key: sha256(email.trim().toLowerCase()) },
    ...(ip ? [{ limiter: resetIp, key: ip }] : []),
  ]);
  return refusal?.retryAfter ?? null;
}

/**
 * Counts a check of a signed-in account's current password (changing the e-mail or the password,
 * deleting the account) before it is made, so that a session left open cannot be used to guess
 * the password. A right password takes its point back.
 */
export async function beginCurrentPasswordCheck(userId: number): Promise<SignInAttempt> {
  const { currentPassword } = all();
  const key = String(userId);
  const refusal = await consumeAll([{ limiter: currentPassword, key }]);
  if (refusal) return { refused: true, retryAfter: refusal.retryAfter };
  return { refused: false, succeeded: async () => void (await currentPassword.reward(key)) };
}

/** Counts a contact-form message before it is stored; null when it may be stored. */
export async function contactMessageRetryAfter(ip: string | null): Promise<number | null> {
  const { contactIp, contactUnknown } = all();
  const counter = ip ? { limiter: contactIp, key: ip } : { limiter: contactUnknown, key: "all" };
  return (await consumeAll([counter]))?.retryAfter ?? null;
}
