import { SESSION_LIFETIMES, sessionIsLive, sessionNeedsRenewal } from "@/lib/auth/session-lifetime";

const now = new Date("2026-11-23T12:00:00Z");
const at = (ms: number) => new Date(now.getTime() + ms);
const live = { lastSeenAt: now, expiresAt: at(1000), revokedAt: null };

test("a session is live until it is revoked, expires or sits idle too long", () => {
  expect(sessionIsLive(live, "user", now)).toBe(true);
  expect(sessionIsLive({ ...live, revokedAt: now }, "user", now)).toBe(false);
  expect(sessionIsLive({ ...live, expiresAt: now }, "user", now)).toBe(false);
  const idle = { ...live, expiresAt: at(60 * 86_400_000) };
  expect(sessionIsLive({ ...idle, lastSeenAt: at(-SESSION_LIFETIMES.user.idleMs + 1) }, "user", now)).toBe(
    true,
  );
  expect(sessionIsLive({ ...idle, lastSeenAt: at(-SESSION_LIFETIMES.user.idleMs) }, "user", now)).toBe(false);
  expect(sessionIsLive({ ...idle, lastSeenAt: at(-SESSION_LIFETIMES.admin.idleMs) }, "admin", now)).toBe(
    false,
  );
});

test("admin sessions are shorter than students', idle and absolute", () => {
  expect(SESSION_LIFETIMES.admin.idleMs).toBeLessThan(SESSION_LIFETIMES.user.idleMs);
  expect(SESSION_LIFETIMES.admin.absoluteMs).toBeLessThan(SESSION_LIFETIMES.user.absoluteMs);
});

test("the last use is written only when it is a few minutes old", () => {
  expect(sessionNeedsRenewal({ lastSeenAt: at(-60_000) }, now)).toBe(false);
  expect(sessionNeedsRenewal({ lastSeenAt: at(-10 * 60_000) }, now)).toBe(true);
});
