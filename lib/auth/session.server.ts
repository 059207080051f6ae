import "server-only";
import type { JWT } from "@auth/core/jwt";
import { getToken } from "next-auth/jwt";
import { cookies } from "next/headers";
import { cache } from "react";
import { redirect } from "next/navigation";
import { prisma } from "@/lib/db/client.server";
import { env } from "@/lib/env.server";
import { forbidden, unauthorized } from "@/lib/http/errors";
import { safeCallbackPath } from "./paths";
import { hasPermission, isAdmin, isSuperAdmin } from "./policy";
import { sessionIsLive, sessionNeedsRenewal } from "./session-lifetime";
import { permissionRefusal, toPermissions, type Permission } from "./staff-permissions";
import { viewerSelect, type Viewer } from "./viewer";

export { homeOf, safeCallbackPath } from "./paths";
export type { Viewer } from "./viewer";

// The one authorisation check of pages, route handlers and Auth.js's own endpoints (its `jwt`
// callback calls viewerOfToken for GET and POST /api/auth/session). The session cookie says who
// signed in; the database says whether that still holds: the session the cookie names must be
// live (not signed out, not idle too long, not past its absolute limit: ./session-lifetime.ts),
// and the account must exist, be active, and carry the session version the token was issued with
// (bumped by a password reset or deactivation).
// The role and a team admin's permissions come from the database too, so a demoted admin loses
// access, and a revoked permission its use, at once. What a viewer may do is decided in ./policy.ts.

const SESSION_COOKIE = "authjs.session-token";
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/**
 * The claims of the request's session cookie, decrypted but not yet checked, or null. Read from
 * the cookie alone (not an Authorization header), under the name Auth.js gave it: the
 * "__Secure-" one on HTTPS, which a browser accepts only from a secure page. Read through
 * cookies(), not the request's Cookie header: after a server action signs in (or out), Next renders
 * the page again in the same request, and only cookies() holds the cookie the action set.
 */
async function sessionClaims(): Promise<JWT | null> {
  const jar = (await cookies()).getAll();
  const secure = jar.some(({ name }) => name.startsWith(SECURE_SESSION_COOKIE));
  const cookie = jar.map(({ name, value }) => `${name}=${value}`).join("; ");
  return getToken({
    req: { headers: { cookie } },
    secret: env.AUTH_SECRET,
    secureCookie: secure,
    salt: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
  });
}

/**
 * Whom a session token's claims (user id, server-side session id, session version) stand for
 * now, or null when the session has ended in any way. One database read, and a write at most
 * every few minutes (the idle period's renewal).
 */
export async function viewerOfToken(claims: Pick<JWT, "uid" | "sid" | "sv"> | null): Promise<Viewer | null> {
  const id = Number(claims?.uid);
  const sid = claims?.sid;
  if (!claims || typeof sid !== "string" || !sid || !Number.isInteger(id) || id <= 0) return null;
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
  if (!record || !user || user.id !== id || !user.isActive || user.sessionVersion !== claims.sv) return null;
  const now = new Date();
  if (!sessionIsLive(record, user.role, now)) return null;
  if (sessionNeedsRenewal(record, now)) {
    await prisma.userSession.update({ where: { id: sid }, data: { lastSeenAt: now } });
  }
  const { isActive: _active, sessionVersion: _version, permissions, ...viewer } = user;
  return { ...viewer, permissions: toPermissions(permissions) };
}

/** The signed-in user, or null. One database read per request (cached), and a write at most every few minutes. */
export const getViewer = cache(async (): Promise<Viewer | null> => viewerOfToken(await sessionClaims()));

/**
 * The id of the request's server-side session (lib/auth/sessions.server.ts), to keep it when ending
 * the others.
 */
export async function currentSessionId(): Promise<string | undefined> {
  return (await sessionClaims())?.sid || undefined;
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

/**
 * Route handlers and actions that declare a permission: a 403 saying what to ask for, unless the
 * viewer holds it (super admins hold every one).
 */
export function requirePermission(viewer: Viewer, permission: Permission): Viewer {
  if (!hasPermission(viewer, permission)) throw forbidden(permissionRefusal(permission));
  return viewer;
}

/** Pages: the signed-in user, or a redirect to /auth that comes back to `returnTo`. */
export async function viewerOrSignIn(returnTo: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) {
    const callback = safeCallbackPath(returnTo);
    redirect(callback ? `/auth?callbackUrl=${encodeURIComponent(callback)}` : "/auth");
  }
  return viewer;
}

/** Pages of the admin area (non-admins go to /auth). */
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
