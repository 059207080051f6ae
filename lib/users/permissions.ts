import type { Permission } from "@/lib/auth/staff-permissions";
import type { AdminType, Role } from "@/lib/validation/users";

// Who may do what to user accounts in the admin area. Pure functions, so the rules are
// tested on their own; lib/users/admin.server.ts applies them inside the transaction that writes.
//
// - Every admin (super or team) may list users, add students, activate/deactivate students and
//   delete students.
// - Anything that creates, changes or removes an admin account, or changes anyone's role, admin
//   type or permissions, needs a super admin (403 otherwise).
// - Permissions (lib/auth/staff-permissions.ts) are a team admin's: a super admin holds every one
//   and a student none, so giving them to either is refused (422). An account made a team admin
//   starts with none unless the change gives some; one that stops being a team admin loses them.
// - Nobody deletes or deactivates their own account here (422). A super admin may step down
//   (change their own admin type or role) while another active super admin remains.
// - The last active super admin cannot be deleted, deactivated or demoted (409): make another
//   super admin first. (The acting super admin counts too, so through the API this bites when a
//   super admin steps down, or when two act on each other at the same time.)

export interface Actor {
  id: number;
  adminType: AdminType | null;
}

export interface TargetAccount {
  id: number;
  fullName: string;
  role: Role;
  adminType: AdminType | null;
  isActive: boolean;
  /** A team admin's grants; absent counts as none. */
  permissions?: readonly Permission[];
}

export interface AccessChange {
  isActive?: boolean;
  role?: Role;
  adminType?: AdminType | null;
  /** The team admin's whole set of grants after the change. */
  permissions?: readonly Permission[];
}

export interface Denial {
  status: 403 | 409 | 422;
  message: string;
}

export const SUPER_ADMIN_ONLY =
  "Only super admins can create, change or remove admin accounts, or change a role.";
export const NOT_YOURSELF_DELETE = "You cannot delete your own account.";
export const NOT_YOURSELF_DEACTIVATE = "You cannot deactivate your own account.";
export const NOT_AN_ADMIN = "Only admins have an admin type: make them an admin (role admin) to set one.";
export const NOT_A_TEAM_ADMIN =
  "Only team admins are given permissions: super admins hold every permission, students none.";

export function lastSuperAdminMessage(fullName: string, action: "deleted" | "deactivated" | "demoted") {
  return `${fullName} is the last active super admin and cannot be ${action}. Make another super admin first.`;
}

const isSuper = (actor: Actor) => actor.adminType === "super";
const isActiveSuper = (account: Pick<TargetAccount, "role" | "adminType" | "isActive">) =>
  account.isActive && account.role === "admin" && account.adminType === "super";

/** Add User: a team admin may add students only. */
export function checkCreate(actor: Actor, role: Role): Denial | null {
  if (role === "admin" && !isSuper(actor)) return { status: 403, message: SUPER_ADMIN_ONLY };
  return null;
}

/**
 * The account as it would be after `change`. A team admin keeps their permissions unless the
 * change gives others; an account that becomes a team admin starts with those given (none by
 * default); any other account holds none.
 */
export function applyChange(target: TargetAccount, change: AccessChange) {
  const role = change.role ?? target.role;
  const adminType = role === "admin" ? (change.adminType ?? target.adminType ?? "team") : null;
  const wasTeam = target.role === "admin" && target.adminType === "team";
  const permissions: readonly Permission[] =
    role === "admin" && adminType === "team"
      ? (change.permissions ?? (wasTeam ? (target.permissions ?? []) : []))
      : [];
  return { role, adminType, isActive: change.isActive ?? target.isActive, permissions };
}

/**
 * PATCH /api/users/{id}. `activeSuperAdmins` is the number of active super admins (counted under
 * a lock by the caller).
 */
export function checkUpdate(
  actor: Actor,
  target: TargetAccount,
  change: AccessChange,
  activeSuperAdmins: number,
): Denial | null {
  if (target.id === actor.id && change.isActive === false) {
    return { status: 422, message: NOT_YOURSELF_DEACTIVATE };
  }
  const changesAccessLevel =
    change.role !== undefined || change.adminType != null || change.permissions !== undefined;
  if (!isSuper(actor) && (target.role === "admin" || changesAccessLevel)) {
    return { status: 403, message: SUPER_ADMIN_ONLY };
  }
  if (change.adminType != null && (change.role ?? target.role) !== "admin") {
    return { status: 422, message: NOT_AN_ADMIN };
  }
  const after = applyChange(target, change);
  if (change.permissions !== undefined && !(after.role === "admin" && after.adminType === "team")) {
    return { status: 422, message: NOT_A_TEAM_ADMIN };
  }
  if (isActiveSuper(target) && !isActiveSuper(after) && activeSuperAdmins <= 1) {
    return {
      status: 409,
      message: lastSuperAdminMessage(target.fullName, after.isActive ? "demoted" : "deactivated"),
    };
  }
  return null;
}

/** DELETE /api/users/{id}. */
export function checkDelete(actor: Actor, target: TargetAccount, activeSuperAdmins: number): Denial | null {
  if (target.id === actor.id) return { status: 422, message: NOT_YOURSELF_DELETE };
  if (!isSuper(actor) && target.role === "admin") return { status: 403, message: SUPER_ADMIN_ONLY };
  if (isActiveSuper(target) && activeSuperAdmins <= 1) {
    return { status: 409, message: lastSuperAdminMessage(target.fullName, "deleted") };
  }
  return null;
}

/**
 * Whether `after` differs from the account in a way that should end its sessions. Permissions do
 * not: each request reads them again, so a grant or a revocation applies at the next one.
 */
export function endsSessions(target: TargetAccount, change: AccessChange): boolean {
  const after = applyChange(target, change);
  return (
    (target.isActive && !after.isActive) || after.role !== target.role || after.adminType !== target.adminType
  );
}
