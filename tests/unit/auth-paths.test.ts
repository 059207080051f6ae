import { authCallbackPath, homeOf, safeCallbackPath } from "@/lib/auth/paths";
import { dashboardLinkOf } from "@/components/layout/viewer";

test("a signed-in user's home depends on the role", () => {
  expect(homeOf({ role: "admin" })).toBe("/admin/dash");
  expect(homeOf({ role: "user" })).toBe("/user/dash");
});

test.each(["/user/profile", "/apply/12?step=2", "/"])(
  "a path on this site is a safe callback: %s",
  (path) => {
    expect(safeCallbackPath(path)).toBe(path);
  },
);

test.each([
  null,
  undefined,
  "",
  "https://evil.example/",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "user/dash",
  "javascript:alert(1)",
])("anything else is not: %j", (value) => {
  expect(safeCallbackPath(value)).toBeNull();
});

test("the header's dashboard link goes home, named after the area", () => {
  expect(dashboardLinkOf({ role: "admin" })).toEqual({ href: "/admin/dash", label: "Admin Dashboard" });
  expect(dashboardLinkOf({ role: "user" })).toEqual({ href: "/user/dash", label: "Dashboard" });
});

test("/auth's callback is a safe path other than /auth itself (the page and its form actions)", () => {
  expect(authCallbackPath("/user/profile")).toBe("/user/profile");
  expect(authCallbackPath("/authors")).toBe("/authors");
  for (const value of [
    "/auth",
    "/auth?tab=register",
    "/auth/forgot-password",
    "//evil.example",
    "",
    null,
    7,
  ]) {
    expect(authCallbackPath(value)).toBeNull();
  }
});
