// How long a signed-in browser stays signed in. A session ends when it has not been
// used for the idle period, or at the absolute limit counted from sign-in, whichever comes first;
// using it renews the idle period. Admin sessions carry more power, so they are shorter.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

export const SESSION_LIFETIMES: Record<"user" | "admin", SessionLifetime> = {
  user: { idleMs: 7 * DAY, absoluteMs: 30 * DAY },
  admin: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR },
};

/** A session's last use is written at most this often (a write per request would be wasteful). */
export const SESSION_RENEW_MS = 5 * MINUTE;

export interface SessionState {
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Whether the session may still be used by an account of this role at `now`. */
export function sessionIsLive(session: SessionState, role: "user" | "admin", now = new Date()): boolean {
  if (session.revokedAt) return false;
  if (session.expiresAt.getTime() <= now.getTime()) return false;
  return now.getTime() - session.lastSeenAt.getTime() < SESSION_LIFETIMES[role].idleMs;
}

/** Whether this use should be recorded as the session's last one. */
export function sessionNeedsRenewal(session: Pick<SessionState, "lastSeenAt">, now = new Date()): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= SESSION_RENEW_MS;
}
