import {
  canChangeUserAccess,
  canChangeUserStatus,
  canCreateUser,
  canDeleteUser,
  canEditSettings,
  canManageCatalogue,
  canManageUsers,
  canReviewApplication,
  canReviewApplications,
  canSeeAllApplications,
  canViewApplication,
  hasPermission,
  heldPermissions,
  isAdmin,
  isSuperAdmin,
} from "@/lib/auth/policy";
import { PERMISSIONS, permissionRefusal, type Permission } from "@/lib/auth/staff-permissions";
import type { Viewer } from "@/lib/auth/viewer";
import type { TargetAccount } from "@/lib/users/permissions";

const viewer = (
  id: number,
  role: Viewer["role"],
  adminType: Viewer["adminType"],
  permissions: Permission[] = [],
): Viewer => ({
  id,
  username: `u${id}`,
  fullName: `User ${id}`,
  email: `u${id}@example.com`,
  role,
  adminType,
  permissions,
});

const superAdmin = viewer(1, "admin", "super");
// A team admin with every grant, as every team admin was given when permissions came.
const teamAdmin = viewer(2, "admin", "team", [...PERMISSIONS]);
// A team admin made since: the team's default alone.
const newTeamAdmin = viewer(5, "admin", "team");
const student = viewer(3, "user", null);
// A student's row with a stale admin type must not make them an admin.
const oddStudent = viewer(4, "user", "super");

const account = (of: Viewer, isActive = true): TargetAccount => ({
  id: of.id,
  fullName: of.fullName,
  role: of.role,
  adminType: of.adminType,
  isActive,
});
const otherStudent = account(viewer(10, "user", null));
const otherTeam = account(viewer(11, "admin", "team"));
const otherSuper = account(viewer(12, "admin", "super"));

test("admins and super admins are told by role and admin type together", () => {
  expect([superAdmin, teamAdmin, student, oddStudent].map(isAdmin)).toEqual([true, true, false, false]);
  expect([superAdmin, teamAdmin, student, oddStudent].map(isSuperAdmin)).toEqual([true, false, false, false]);
});

test("an application is seen by its student and by admins only", () => {
  expect(canViewApplication(student, { student: { id: student.id } })).toBe(true);
  expect(canViewApplication(student, { student: { id: 99 } })).toBe(false);
  expect(canViewApplication(teamAdmin, { student: { id: 99 } })).toBe(true);
  expect(canViewApplication(superAdmin, { student: { id: 99 } })).toBe(true);
});

test("admins see every application, review them and manage the catalogue and the user list", () => {
  for (const check of [canSeeAllApplications, canReviewApplications, canManageCatalogue, canManageUsers]) {
    expect([superAdmin, teamAdmin, student, oddStudent].map(check)).toEqual([true, true, false, false]);
  }
});

describe("permissions beyond the team's default", () => {
  test("a super admin holds every one without a grant", () => {
    for (const permission of PERMISSIONS) expect(hasPermission(superAdmin, permission)).toBe(true);
    expect(heldPermissions(superAdmin)).toEqual(PERMISSIONS);
  });

  test("a team admin holds exactly what was granted, one permission at a time", () => {
    expect(heldPermissions(newTeamAdmin)).toEqual([]);
    const exporter = viewer(6, "admin", "team", ["export-data"]);
    expect(PERMISSIONS.map((permission) => hasPermission(exporter, permission))).toEqual([
      false,
      false,
      true,
    ]);
    expect(heldPermissions(exporter)).toEqual(["export-data"]);
    expect(heldPermissions(teamAdmin)).toEqual(PERMISSIONS);
  });

  test("a student holds none, even with a stale grant on the row", () => {
    const staleGrant = viewer(7, "user", null, [...PERMISSIONS]);
    for (const who of [student, oddStudent, staleGrant]) {
      for (const permission of PERMISSIONS) expect(hasPermission(who, permission)).toBe(false);
    }
  });

  test("the catalogue is managed with its permission; the rest of the team's work needs none", () => {
    expect(canManageCatalogue(newTeamAdmin)).toBe(false);
    expect(canManageCatalogue(viewer(8, "admin", "team", ["manage-catalogue"]))).toBe(true);
    for (const check of [canSeeAllApplications, canReviewApplications, canManageUsers]) {
      expect(check(newTeamAdmin)).toBe(true);
    }
  });

  test("a refusal says what to ask for, and of whom", () => {
    expect(PERMISSIONS.map(permissionRefusal)).toEqual([
      "Ask a super admin for the permission to make decisions.",
      "Ask a super admin for the permission to manage the catalogue.",
      "Ask a super admin for the permission to export data.",
    ]);
  });
});

test("an admin reviews anyone's application but their own; a student reviews none", () => {
  const of = (who: Viewer) => ({ student: { id: who.id } });
  for (const admin of [teamAdmin, superAdmin]) {
    expect(canReviewApplication(admin, of(student))).toBe(true);
    // Staff may apply like a student; another team member reviews what they submitted.
    expect(canReviewApplication(admin, of(admin))).toBe(false);
  }
  expect(canReviewApplication(superAdmin, of(teamAdmin))).toBe(true);
  expect(canReviewApplication(teamAdmin, of(superAdmin))).toBe(true);
  expect(canReviewApplication(student, of(student))).toBe(false);
  expect(canReviewApplication(oddStudent, of(student))).toBe(false);
});

test("settings are for super admins", () => {
  expect([superAdmin, teamAdmin, student, oddStudent].map(canEditSettings)).toEqual([
    true,
    false,
    false,
    false,
  ]);
});

test("Add User: any admin adds students, super admins add admins, students nothing", () => {
  expect(canCreateUser(teamAdmin, "user")).toBe(true);
  expect(canCreateUser(teamAdmin, "admin")).toBe(false);
  expect(canCreateUser(superAdmin, "admin")).toBe(true);
  expect(canCreateUser(student, "user")).toBe(false);
  expect(canCreateUser(oddStudent, "admin")).toBe(false);
});

describe("the row actions of a team admin", () => {
  test("activate, deactivate and delete students; no role changes", () => {
    expect(canChangeUserStatus(teamAdmin, otherStudent)).toBe(true);
    expect(canChangeUserStatus(teamAdmin, { ...otherStudent, isActive: false })).toBe(true);
    expect(canDeleteUser(teamAdmin, otherStudent)).toBe(true);
    expect(canChangeUserAccess(teamAdmin, otherStudent)).toBe(false);
  });

  test("nothing on admin accounts, their own included", () => {
    for (const target of [otherTeam, otherSuper, account(teamAdmin)]) {
      expect(canChangeUserStatus(teamAdmin, target)).toBe(false);
      expect(canChangeUserAccess(teamAdmin, target)).toBe(false);
      expect(canDeleteUser(teamAdmin, target)).toBe(false);
    }
  });
});

describe("the row actions of a super admin", () => {
  test("everything on other accounts", () => {
    for (const target of [otherStudent, otherTeam, otherSuper]) {
      expect(canChangeUserStatus(superAdmin, target)).toBe(true);
      expect(canChangeUserAccess(superAdmin, target)).toBe(true);
      expect(canDeleteUser(superAdmin, target)).toBe(true);
    }
  });

  test("on their own account: step down, but neither deactivate nor delete", () => {
    const self = account(superAdmin);
    expect(canChangeUserAccess(superAdmin, self)).toBe(true);
    expect(canChangeUserStatus(superAdmin, self)).toBe(false);
    expect(canDeleteUser(superAdmin, self)).toBe(false);
  });
});

test("a student acts on no account", () => {
  for (const who of [student, oddStudent]) {
    expect(canChangeUserStatus(who, otherStudent)).toBe(false);
    expect(canChangeUserAccess(who, otherStudent)).toBe(false);
    expect(canDeleteUser(who, otherStudent)).toBe(false);
  }
});
