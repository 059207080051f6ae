import "server-only";
import { prisma } from "@/lib/db/client";

// Sign-in throttling (issue: 5 failed attempts per username or per IP within 15 minutes). Kept in
// the database so that every app server behind a load balancer sees the same counts.

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 5;

const keysFor = (username: string, ip: string | null) => [
  `user:${username.trim().toLowerCase()}`,
  ...(ip ? [`ip:${ip}`] : []),
];

/** Seconds until another attempt is allowed, or null when sign-in may be tried now. */
export async function loginRetryAfter(
  username: string,
  ip: string | null,
  now = new Date(),
): Promise<number | null> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  let wait = 0;
  for (const key of keysFor(username, ip)) {
    const recent = await prisma.loginAttempt.findMany({
      where: { key, attemptedAt: { gt: since } },
      orderBy: { attemptedAt: "desc" },
      take: MAX_FAILED_LOGINS,
      select: { attemptedAt: true },
    });
    if (recent.length >= MAX_FAILED_LOGINS) {
      // Allowed again once the oldest of the last five leaves the window.
      const freeAt = recent[MAX_FAILED_LOGINS - 1].attemptedAt.getTime() + LOGIN_WINDOW_MS;
      wait = Math.max(wait, Math.ceil((freeAt - now.getTime()) / 1000));
    }
  }
  return wait > 0 ? wait : null;
}

export async function recordLoginFailure(username: string, ip: string | null, now = new Date()) {
  await prisma.$transaction([
    prisma.loginAttempt.createMany({ data: keysFor(username, ip).map((key) => ({ key, attemptedAt: now })) }),
    // Old rows are useless; dropping them here keeps the table small without a scheduled job.
    prisma.loginAttempt.deleteMany({
      where: { attemptedAt: { lt: new Date(now.getTime() - LOGIN_WINDOW_MS) } },
    }),
  ]);
}

/** A successful sign-in forgives the username's failures (the IP's stay). */
export async function clearLoginFailures(username: string) {
  await prisma.loginAttempt.deleteMany({ where: { key: `user:${username.trim().toLowerCase()}` } });
}
