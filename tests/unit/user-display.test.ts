import { firstNameOf, initialsOf, roleLabelOf } from "@/lib/users/display";

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
