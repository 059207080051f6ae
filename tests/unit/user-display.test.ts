import {
  firstNameOf,
  initialsOf,
  lastActiveOf,
  roleColumnOf,
  roleLabelOf,
  teamRoleOf,
} from "@/lib/users/display";

test.each([
  ["Sam Student", "SS"],
  ["cher", "C"],
  ["  Jean-Luc  de la Tour ", "JT"],
  ["Émile Zola", "ÉZ"],
  ["", "?"],
])("the initials of %j are %j", (name, initials) => {
  expect(initialsOf(name)).toBe(initials);
});

test("the greeting uses the first name", () => {
  expect(firstNameOf("Sam Student")).toBe("Sam");
  expect(firstNameOf("  Amira  Haddad")).toBe("Amira");
  expect(firstNameOf("Kenji")).toBe("Kenji");
});

test("the role label says Student or Administrator", () => {
  expect(roleLabelOf("user")).toBe("Student");
  expect(roleLabelOf("admin")).toBe("Administrator");
});

test("the admin list's role column: Admin with its type in brackets, or User", () => {
  expect(roleColumnOf({ role: "admin", adminType: "super" })).toBe("Admin (super)");
  expect(roleColumnOf({ role: "admin", adminType: "team" })).toBe("Admin (team)");
  expect(roleColumnOf({ role: "user", adminType: null })).toBe("User");
  expect(teamRoleOf("super")).toBe("Super Admin");
  expect(teamRoleOf("team")).toBe("Team Admin");
  expect(teamRoleOf(null)).toBe("Team Admin");
});

test("Last Active: never, just now, or a relative time", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  expect(lastActiveOf(null, now)).toBe("Never");
  expect(lastActiveOf(ago(20_000), now)).toBe("Just now");
  expect(lastActiveOf(ago(5 * 60_000), now)).toBe("5 minutes ago");
  expect(lastActiveOf(ago(3 * 3_600_000), now)).toBe("3 hours ago");
  expect(lastActiveOf(ago(26 * 3_600_000), now)).toBe("yesterday");
  expect(lastActiveOf(ago(15 * 86_400_000), now)).toBe("2 weeks ago");
  expect(lastActiveOf(ago(400 * 86_400_000), now)).toBe("last year");
});
