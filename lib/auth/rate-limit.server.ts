import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { prisma } from "@/lib/db/client.server";
import { tooManyRequests } from "@/lib/http/errors";

// The sign-in, registration, verification-mail and password-reset throttles, and the contact
// form's (the figures and why: docs/decisions/0008-sign-in-throttle-per-account.md and
// docs/decisions/0010-throttles-keyed-by-account.md). Counters are rows of sign_in_throttle,
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
/**
 * Registration attempts (created or refused as taken) from one address per hour: a class of 40
 * registering at once, each with a retry or two, stays under it.
 */
export const REGISTRATIONS_PER_HOUR = 100;
/**
 * Registration attempts per hour from all clients whose address is unknown (no TRUSTED_PROXIES):
 * they share one counter, so that nobody can register or probe taken e-mail addresses without limit.
 */
export const REGISTRATIONS_UNKNOWN_ADDRESS_PER_HOUR = 300;
/**
 * Password-reset e-mails: at most one per account per interval, however many requests come; a
 * request within the interval sends nothing, and the link sent last keeps working until the next.
 */
export const RESET_EMAIL_INTERVAL_SECONDS = 15 * 60;
/** Reset requests acted on per client address per hour; more are answered alike and do nothing. */
export const RESET_REQUESTS_PER_ADDRESS_PER_HOUR = 50;
/** Verification e-mails an account may ask for again ("Resend link") per hour. */
export const VERIFICATION_RESENDS_PER_HOUR = 5;
/** Wrong current passwords per account within WINDOW (e-mail and password changes, deletion). */
export const CURRENT_PASSWORD_FAILURES_PER_WINDOW = 10;
/** Contact-form messages per client address per hour. */
export const CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR = 5;
/** Archives of an account's data ("Download my data") per account and hour: each reads every file. */
export const DATA_EXPORTS_PER_HOUR = 10;
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
    registerUnknown: limiter("register_unknown", REGISTRATIONS_UNKNOWN_ADDRESS_PER_HOUR, HOUR),
    resetMail: limiter("reset_mail", 1, RESET_EMAIL_INTERVAL_SECONDS),
    resetIp: limiter("reset_ip", RESET_REQUESTS_PER_ADDRESS_PER_HOUR, HOUR),
    verificationResend: limiter("verification_resend", VERIFICATION_RESENDS_PER_HOUR, HOUR),
    currentPassword: limiter("current_password", CURRENT_PASSWORD_FAILURES_PER_WINDOW, WINDOW_SECONDS),
    contactIp: limiter("contact_ip", CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR, HOUR),
    contactUnknown: limiter("contact_unknown", CONTACT_MESSAGES_UNKNOWN_ADDRESS_PER_HOUR, HOUR),
    dataExport: limiter("data_export", DATA_EXPORTS_PER_HOUR, HOUR),
  };
}
const all = () => (limiters ??= createLimiters());

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Whom a sign-in attempt is counted against: the account the database found for the typed name
 * (lib/auth/credentials.server.ts), or, when there is none, the name.
 */
export type SignInAccount = { userId: number } | { name: string };

/**
 * The key of an account's counters: its id, so that every spelling the database resolves to the
 * account ("Alice", "alice", "ALİCE") shares them. An unknown name is counted under the form the
 * database itself compares names in (citext compares lower() under the database's collation, which
 * need not fold letters as JavaScript's toLowerCase() does), so that its spellings share one
 * counter too and an unknown name is refused exactly like an account's (nothing tells them apart).
 * A name longer than 64 characters (no username has one) is hashed to keep keys within the column.
 */
async function accountKey(account: SignInAccount): Promise<string> {
  if ("userId" in account) return `id:${account.userId}`;
  const [{ folded }] = await prisma.$queryRaw<{ folded: string }[]>`SELECT lower(${account.name}) AS folded`;
  return `name:${folded.length <= 64 ? folded : sha256(folded)}`;
}
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
export async function beginSignInAttempt(who: SignInAccount, ip: string | null): Promise<SignInAttempt> {
  if (unthrottled.getStore()) return { refused: false, succeeded: async () => {} };
  const { userIp, lockouts, user, ip: byIp } = all();
  const account = await accountKey(who);
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

/**
 * A completed password reset lifts the account's pauses and counts, from every address, and ends
 * its reset e-mail interval (the link is spent: the next request may send one at once).
 */
export async function clearSignInLocks(userId: number) {
  const account = await accountKey({ userId });
  await prisma.signInThrottle.deleteMany({
    where: {
      OR: [
        { key: `reset_mail:${userId}` },
        { key: `login_user:${account}` },
        { key: { startsWith: `login_user_ip:${account}|` } },
        { key: { startsWith: `login_lockouts:${account}|` } },
      ],
    },
  });
}

/**
 * Counts a registration attempt from `ip` (all unknown addresses share one counter) before the
 * account is looked at, so that an attempt with a taken e-mail address counts like any other; null
 * when it may go ahead.
 */
export async function registrationRetryAfter(ip: string | null): Promise<number | null> {
  const { register, registerUnknown } = all();
  const counter = ip ? { limiter: register, key: ip } : { limiter: registerUnknown, key: "all" };
  return (await consumeAll([counter]))?.retryAfter ?? null;
}

/**
 * Counts a password-reset request from `ip` before anything is looked up; false when the address
 * has asked too often this hour (the request is then answered alike and does nothing). Unknown
 * addresses are not counted: a shared allowance would let anyone use up every owner's way back in.
 */
export async function resetRequestAllowed(ip: string | null): Promise<boolean> {
  if (!ip) return true;
  return (await consumeAll([{ limiter: all().resetIp, key: ip }])) === null;
}

/**
 * Whether a reset e-mail may go to an account now: at most one per RESET_EMAIL_INTERVAL_SECONDS.
 * Keyed by the account's id, so no spelling of its address has an allowance of its own, and a
 * refused request leaves the link sent last as it was.
 */
export async function resetEmailDue(userId: number): Promise<boolean> {
  return (await consumeAll([{ limiter: all().resetMail, key: String(userId) }])) === null;
}

/**
 * Counts a request for another verification e-mail ("Resend link": POST
 * /api/user/email/verification and the profile's action) per account; throws the 429 past
 * VERIFICATION_RESENDS_PER_HOUR.
 */
export async function limitVerificationResend(userId: number): Promise<void> {
  const refusal = await consumeAll([{ limiter: all().verificationResend, key: String(userId) }]);
  if (refusal) {
    throw tooManyRequests(
      `Too many verification e-mails were asked for. Try again in ${minutesText(refusal.retryAfter)}.`,
      refusal.retryAfter,
    );
  }
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

/** Counts a download of the account's data archive; throws the 429 past DATA_EXPORTS_PER_HOUR. */
export async function limitDataExport(userId: number): Promise<void> {
  const refusal = await consumeAll([{ limiter: all().dataExport, key: String(userId) }]);
  if (refusal) {
    throw tooManyRequests(
      `You downloaded your data ${DATA_EXPORTS_PER_HOUR} times in the last hour. Try again in ${minutesText(refusal.retryAfter)}.`,
      refusal.retryAfter,
    );
  }
}
