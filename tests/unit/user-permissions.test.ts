import {
  checkCreate,
  checkDelete,
  checkUpdate,
  endsSessions,
  applyChange,
  NOT_A_TEAM_ADMIN,
  NOT_AN_ADMIN,
  NOT_YOURSELF_DEACTIVATE,
  NOT_YOURSELF_DELETE,
  SUPER_ADMIN_ONLY,
  type TargetAccount,
} from "@/lib/users/permissions";

const superAdmin = { id: 1, adminType: "super" as const };
const teamAdmin = { id: 2, adminType: "team" as const };

const student: TargetAccount = {
  id: 10,
  fullName: "Sam Student",
  role: "user",
  adminType: null,
  isActive: true,
};
const team: TargetAccount = {
  id: 11,
  fullName: "Tia Team",
  role: "admin",
  adminType: "team",
  isActive: true,
};
const otherSuper: TargetAccount = {
  id: 12,
  fullName: "Sue Super",
  role: "admin",
  adminType: "super",
  isActive: true,
};

describe("creating accounts", () => {
  test("any admin may add a student; only a super admin may add an admin", () => {
    expect(checkCreate(teamAdmin, "user")).toBeNull();
    expect(checkCreate(superAdmin, "user")).toBeNull();
    expect(checkCreate(superAdmin, "admin")).toBeNull();
    expect(checkCreate(teamAdmin, "admin")).toEqual({ status: 403, message: SUPER_ADMIN_ONLY });
  });
});

describe("changing accounts", () => {
  test("a team admin may activate and deactivate students, nothing else", () => {
    expect(checkUpdate(teamAdmin, student, { isActive: false }, 1)).toBeNull();
    expect(checkUpdate(teamAdmin, { ...student, isActive: false }, { isActive: true }, 1)).toBeNull();
    expect(checkUpdate(teamAdmin, student, { role: "admin", adminType: "team" }, 1)?.status).toBe(403);
    expect(checkUpdate(teamAdmin, student, { role: "user" }, 1)?.status).toBe(403);
    expect(checkUpdate(teamAdmin, team, { isActive: false }, 1)).toEqual({
      status: 403,
      message: SUPER_ADMIN_ONLY,
    });
  });

  test("a super admin may promote, demote and change admin types", () => {
    expect(checkUpdate(superAdmin, student, { role: "admin", adminType: "team" }, 1)).toBeNull();
    expect(checkUpdate(superAdmin, team, { role: "user" }, 1)).toBeNull();
    expect(checkUpdate(superAdmin, team, { adminType: "super" }, 1)).toBeNull();
    expect(checkUpdate(superAdmin, otherSuper, { adminType: "team" }, 2)).toBeNull();
  });

  test("an admin type only goes with the admin role", () => {
    expect(checkUpdate(superAdmin, student, { adminType: "team" }, 1)).toEqual({
      status: 422,
      message: NOT_AN_ADMIN,
    });
  });

  test("nobody deactivates themselves; a super admin may step down while another remains", () => {
    const self: TargetAccount = { ...otherSuper, id: 1 };
    expect(checkUpdate(superAdmin, self, { isActive: false }, 5)).toEqual({
      status: 422,
      message: NOT_YOURSELF_DEACTIVATE,
    });
    expect(checkUpdate(superAdmin, self, { adminType: "team" }, 2)).toBeNull();
    expect(checkUpdate(superAdmin, self, { adminType: "team" }, 1)?.status).toBe(409);
    expect(checkUpdate(teamAdmin, { ...team, id: 2 }, { adminType: "super" }, 1)?.status).toBe(403);
  });

  test("the last active super admin cannot be deactivated or demoted", () => {
    expect(checkUpdate({ id: 99, adminType: "super" }, otherSuper, { isActive: false }, 1)).toEqual({
      status: 409,
      message:
        "Sue Super is the last active super admin and cannot be deactivated. Make another super admin first.",
    });
    expect(checkUpdate({ id: 99, adminType: "super" }, otherSuper, { role: "user" }, 1)?.message).toContain(
      "cannot be demoted",
    );
    expect(checkUpdate({ id: 99, adminType: "super" }, otherSuper, { adminType: "team" }, 1)?.status).toBe(
      409,
    );
    // With another active super admin it is allowed; an inactive super admin is not "the last".
    expect(checkUpdate(superAdmin, otherSuper, { isActive: false }, 2)).toBeNull();
    expect(checkUpdate(superAdmin, { ...otherSuper, isActive: false }, { role: "user" }, 1)).toBeNull();
    // Re-stating the same access is not a demotion.
    expect(checkUpdate({ id: 99, adminType: "super" }, otherSuper, { isActive: true }, 1)).toBeNull();
  });
});

describe("a team admin's permissions", () => {
  const granted: TargetAccount = { ...team, permissions: ["export-data"] };

  test("only a super admin grants or revokes them", () => {
    expect(checkUpdate(superAdmin, granted, { permissions: ["make-decisions"] }, 1)).toBeNull();
    expect(checkUpdate(superAdmin, granted, { permissions: [] }, 1)).toBeNull();
    expect(checkUpdate(teamAdmin, granted, { permissions: [] }, 1)).toEqual({
      status: 403,
      message: SUPER_ADMIN_ONLY,
    });
    // Not even on a student's account, where they would mean nothing anyway.
    expect(checkUpdate(teamAdmin, student, { permissions: ["make-decisions"] }, 1)?.status).toBe(403);
  });

  test("a student holds none and a super admin every one: giving them is refused", () => {
    const refused = { status: 422, message: NOT_A_TEAM_ADMIN };
    expect(checkUpdate(superAdmin, student, { permissions: ["export-data"] }, 1)).toEqual(refused);
    expect(checkUpdate(superAdmin, otherSuper, { permissions: [] }, 2)).toEqual(refused);
    expect(checkUpdate(superAdmin, granted, { role: "user", permissions: ["export-data"] }, 1)).toEqual(
      refused,
    );
    expect(checkUpdate(superAdmin, granted, { adminType: "super", permissions: [] }, 1)).toEqual(refused);
    // Made a team admin in the same change: given with it.
    expect(
      checkUpdate(superAdmin, student, { role: "admin", adminType: "team", permissions: ["export-data"] }, 1),
    ).toBeNull();
  });

  test("a team admin keeps them through other changes; anyone else holds none after a change", () => {
    expect(applyChange(granted, { isActive: false }).permissions).toEqual(["export-data"]);
    expect(applyChange(granted, { permissions: ["make-decisions"] }).permissions).toEqual(["make-decisions"]);
    // Demoted to student, or made a super admin (who holds every one without a grant): none stored.
    expect(applyChange(granted, { role: "user" }).permissions).toEqual([]);
    expect(applyChange(granted, { adminType: "super" }).permissions).toEqual([]);
    // Made a team admin: none unless the change gives some.
    expect(applyChange(student, { role: "admin", adminType: "team" }).permissions).toEqual([]);
    expect(applyChange(otherSuper, { adminType: "team" }).permissions).toEqual([]);
  });

  test("a change of permissions ends no session: each request reads them again", () => {
    expect(endsSessions(granted, { permissions: [] })).toBe(false);
    expect(endsSessions(granted, { permissions: ["make-decisions", "export-data"] })).toBe(false);
  });
});

describe("deleting accounts", () => {
  test("never yourself", () => {
    expect(checkDelete(superAdmin, { ...otherSuper, id: 1 }, 3)).toEqual({
      status: 422,
      message: NOT_YOURSELF_DELETE,
    });
  });

  test("team admins delete students only", () => {
    expect(checkDelete(teamAdmin, student, 1)).toBeNull();
    expect(checkDelete(teamAdmin, team, 1)?.status).toBe(403);
    expect(checkDelete(superAdmin, team, 1)).toBeNull();
  });

  test("not the last active super admin", () => {
    expect(checkDelete({ id: 99, adminType: "super" }, otherSuper, 1)?.status).toBe(409);
    expect(checkDelete(superAdmin, otherSuper, 2)).toBeNull();
  });
});

test("deactivating and changing the access level end the sessions; activating does not", () => {
  expect(endsSessions(student, { isActive: false })).toBe(true);
  expect(endsSessions({ ...student, isActive: false }, { isActive: true })).toBe(false);
  expect(endsSessions(student, { role: "admin", adminType: "team" })).toBe(true);
  expect(endsSessions(team, { adminType: "super" })).toBe(true);
  expect(endsSessions(team, { adminType: "team" })).toBe(false);
});
