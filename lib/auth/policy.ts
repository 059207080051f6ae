import {
  checkCreate,
  checkDelete,
  checkUpdate,
  type AccessChange,
  type Actor,
  type Denial,
  type TargetAccount,
} from "@/lib/users/permissions";
import { PERMISSIONS, type Permission } from "./staff-permissions";
import { isAdmin, type Viewer } from "./viewer";

export { isAdmin };

// Who may do what: the one place pages, route handlers and domain code ask. Pure functions of the
// viewer (and the target), safe to import from client components. The guards of ./session.ts
// (requireRole, requireSuperAdmin, adminOrSignIn, superAdminOrNull) answer with these; a page
// passes their results to its components as props, so it shows no control the server refuses.
//
// User accounts follow lib/users/permissions.ts, which also says why the server refuses
// (403/422/409). The last-active-super-admin rule (409) depends on other rows: lib/users/admin.server.ts
// checks it in the writing transaction, so the functions here leave it out (the page shows the
// control; the server's 409 explains).

type Who = Pick<Viewer, "id" | "role" | "adminType">;

export function isSuperAdmin(viewer: Pick<Viewer, "role" | "adminType">): boolean {
  return isAdmin(viewer) && viewer.adminType === "super";
}

/**
 * Beyond the team's default (./staff-permissions.ts): super admins hold every permission, a team
 * admin those a super admin granted, a student none (a stale grant on a student's row counts for
 * nothing). route() and action() refuse what their declaration's `permission` needs with it, and
 * the transition table marks the decisions (lib/applications/workflow.ts).
 */
export function hasPermission(
  viewer: Pick<Viewer, "role" | "adminType" | "permissions">,
  permission: Permission,
): boolean {
  if (isSuperAdmin(viewer)) return true;
  return isAdmin(viewer) && viewer.permissions.includes(permission);
}

/** Every permission the viewer holds, granted or as a super admin: what a page hands its client components. */
export function heldPermissions(viewer: Pick<Viewer, "role" | "adminType" | "permissions">): Permission[] {
  return PERMISSIONS.filter((permission) => hasPermission(viewer, permission));
}

/** An application: its student, or an admin. Anyone else is told it does not exist (404). */
export function canViewApplication(
  viewer: Pick<Viewer, "id" | "role">,
  application: { student: { id: number } },
): boolean {
  return isAdmin(viewer) || application.student.id === viewer.id;
}

/** Lists of applications: admins see everyone's, a student only their own. */
export function canSeeAllApplications(viewer: Pick<Viewer, "role">): boolean {
  return isAdmin(viewer);
}

/**
 * The review area: admins move applications along the review workflow (see the next rule); the
 * decisions among the moves need the permission to make decisions (hasPermission).
 */
export function canReviewApplications(viewer: Pick<Viewer, "role">): boolean {
  return isAdmin(viewer);
}

/** Why an admin may not change the status of this application (the server answers 403 with it). */
export const OWN_APPLICATION_REVIEW =
  "You submitted this application, so another team member must review it.";

/**
 * Changing one application's status (and the note sent with it): any admin except the one who
 * submitted it. Staff may apply like any student, but a decision on an application needs a second
 * person, so nobody approves, rejects or forwards their own.
 */
export function canReviewApplication(
  viewer: Pick<Viewer, "id" | "role">,
  application: { student: { id: number } },
): boolean {
  return canReviewApplications(viewer) && application.student.id !== viewer.id;
}

/** Writes to universities, programs and their images, and the import: the permission to manage the catalogue. */
export function canManageCatalogue(viewer: Pick<Viewer, "role" | "adminType" | "permissions">): boolean {
  return hasPermission(viewer, "manage-catalogue");
}

/** /admin/settings and /api/settings/*: the team, study lists, the platform name. */
export function canEditSettings(viewer: Pick<Viewer, "role" | "adminType">): boolean {
  return isSuperAdmin(viewer);
}

/** The user list and the user admin area; what may be done to each account is below. */
export function canManageUsers(viewer: Pick<Viewer, "role">): boolean {
  return isAdmin(viewer);
}

/** The rules of lib/users/permissions.ts speak of an acting admin; a student is no actor. */
function actorOf(viewer: Who): Actor | null {
  return isAdmin(viewer) ? { id: viewer.id, adminType: viewer.adminType } : null;
}

/** Other rows are not known here: count enough super admins that the 409 never applies. */
const UNKNOWN_COUNT = Number.POSITIVE_INFINITY;

const allowed = (denial: Denial | null) => denial === null;

/** Add User with this role: any admin for a student, super admins for an admin. */
export function canCreateUser(viewer: Who, role: TargetAccount["role"]): boolean {
  const actor = actorOf(viewer);
  return actor !== null && allowed(checkCreate(actor, role));
}

/** Activate an inactive account or deactivate an active one (never one's own). */
export function canChangeUserStatus(viewer: Who, target: TargetAccount): boolean {
  const actor = actorOf(viewer);
  return actor !== null && allowed(checkUpdate(actor, target, { isActive: !target.isActive }, UNKNOWN_COUNT));
}

/** A change of role or admin type ("Change role", "Manage Access"; a super admin may step down). */
const ACCESS_CHANGE: AccessChange = { role: "admin", adminType: "super" };

export function canChangeUserAccess(viewer: Who, target: TargetAccount): boolean {
  const actor = actorOf(viewer);
  return actor !== null && allowed(checkUpdate(actor, target, ACCESS_CHANGE, UNKNOWN_COUNT));
}

/** Delete an account (never one's own). */
/**
 * Students may delete their own account; an admin account is removed by a super
 * admin from Users, which keeps the rule that the last super admin cannot go.
 */
export function canDeleteOwnAccount(viewer: Who): boolean {
  return viewer.role === "user";
}

export function canDeleteUser(viewer: Who, target: TargetAccount): boolean {
  const actor = actorOf(viewer);
  return actor !== null && allowed(checkDelete(actor, target, UNKNOWN_COUNT));
}
