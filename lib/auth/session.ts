import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { prisma } from "@/lib/db/client";
import { forbidden, unauthorized } from "@/lib/http/errors";
import { auth } from "./auth";
import { isAdmin, isSuperAdmin } from "./policy";
import { sessionIsLive, sessionNeedsRenewal } from "./session-lifetime";
import { viewerSelect, type Viewer } from "./viewer";

export { homeOf, safeCallbackPath } from "./paths";
export type { Viewer } from "./viewer";

// The one authorisation check of pages and route handlers. The session cookie says who signed
// in; the database says whether that still holds: the session the cookie names must be live (not
// signed out, not idle too long, not past its absolute limit: ./session-lifetime.ts), and the
// account must exist, be active, and carry the session version the token was issued with (bumped
// by a password reset or deactivation).
// The role comes from the database too, so a demoted admin loses access at once. What a viewer
// may do is decided in ./policy.ts.

/** The signed-in user, or null. One database read per request (cached), and a write at most every few minutes. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const session = await auth();
  const id = Number(session?.user?.id);
  const sid = session?.user?.sid;
  if (!session?.user || !sid || !Number.isInteger(id) || id <= 0) return null;
  const record = await prisma.userSession.findUnique({
    where: { id: sid },
    select: {
      lastSeenAt: true,
      expiresAt: true,
      revokedAt: true,
      user: { select: { ...viewerSelect, isActive: true, sessionVersion: true } },
    },
  });
  const user = record?.user;
  if (!record || !user || user.id !== id || !user.isActive || user.sessionVersion !== session.user.sv)
    return null;
  const now = new Date();
  if (!sessionIsLive(record, user.role, now)) return null;
  if (sessionNeedsRenewal(record, now)) {
    await prisma.userSession.update({ where: { id: sid }, data: { lastSeenAt: now } });
  }
  const { isActive: _active, sessionVersion: _version, ...viewer } = user;
  return viewer;
});

/** The id of the request's server-side session (lib/auth/sessions.ts), to keep it when ending the others. */
export async function currentSessionId(): Promise<string | undefined> {
  return (await auth())?.user?.sid || undefined;
}

/** Route handlers: the signed-in user, or a 401. */
export async function requireUser(): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) throw unauthorized();
  return viewer;
}

/** Route handlers: a user with this role, or 401 (signed out) / 403 (other role). */
export async function requireRole(role: Viewer["role"]): Promise<Viewer> {
  const viewer = await requireUser();
  if (viewer.role !== role) throw forbidden();
  return viewer;
}

/** Route handlers: a super admin, or 401 (signed out) / 403 (anyone else). */
export async function requireSuperAdmin(): Promise<Viewer> {
  const viewer = await requireRole("admin");
  if (!isSuperAdmin(viewer)) throw forbidden("Only super admins can do this.");
  return viewer;
}

/** Pages: the signed-in user, or a redirect to /auth that comes back to `returnTo`. */
export async function viewerOrSignIn(returnTo: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) redirect(`/auth?callbackUrl=${encodeURIComponent(returnTo)}`);
  return viewer;
}

/** Pages of the admin area (SPEC §6: non-admins go to /auth). */
export async function adminOrSignIn(): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer || !isAdmin(viewer)) redirect("/auth");
  return viewer;
}

/**
 * Pages for super admins (/admin/settings): others go to /auth as with adminOrSignIn; a team admin
 * gets null, and the page explains that super admin access is needed (the API answers them 403).
 */
export async function superAdminOrNull(): Promise<Viewer | null> {
  const viewer = await adminOrSignIn();
  return isSuperAdmin(viewer) ? viewer : null;
}
