import "server-only";
import { randomBytes } from "node:crypto";
import { prisma } from "@/lib/db/client.server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { SESSION_LIFETIMES } from "./session-lifetime";

// The server-side record of each signed-in browser (table user_sessions). The session cookie (an
// Auth.js JWT) carries the record's id; lib/auth/session.server.ts accepts the cookie only while the
// record is live, so signing out ends a session even for someone holding a copy of the cookie.

/** Opens a session for a user who just signed in; its id goes into the cookie. */
export async function openSession(userId: number, role: "user" | "admin", now = new Date()): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await prisma.$transaction([
    // Each sign-in clears the user's ended sessions, so the table holds live ones (and recent).
    prisma.userSession.deleteMany({
      where: { userId, OR: [{ expiresAt: { lte: now } }, { revokedAt: { not: null } }] },
    }),
    prisma.userSession.create({
      data: {
        id,
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIMES[role].absoluteMs),
      },
    }),
  ]);
  return id;
}

/** Signing out: the session stops working at once, wherever its cookie is. */
export async function revokeSession(id: string | undefined, now = new Date()): Promise<void> {
  if (!id) return;
  await prisma.userSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * Ends every other session of the user (an e-mail change): the browser that made the change stays
 * signed in. Given the change's transaction client (`db`), it joins that transaction.
 */
export function revokeOtherSessions(
  userId: number,
  keepId: string | undefined,
  now = new Date(),
  db: Pick<Prisma.TransactionClient, "userSession"> = prisma,
) {
  return db.userSession.updateMany({
    where: { userId, revokedAt: null, ...(keepId ? { NOT: { id: keepId } } : {}) },
    data: { revokedAt: now },
  });
}
