import fc from "fast-check";
import { authCallbackPath, homeOf, safeCallbackPath } from "@/lib/auth/paths";
import { dashboardLinkOf } from "@/components/layout/viewer";
import { HOSTILE_SEED, OPEN_REDIRECTS, openRedirect } from "../support/hostile";
import { landsOnThisSite } from "../support/redirects";

test("a signed-in user's home depends on the role", () => {
  expect(homeOf({ role: "admin" })).toBe("/admin/dash");
  expect(homeOf({ role: "admin", adminType: "super" })).toBe("/admin/dash");
  // A team admin lands on their queue.
  expect(homeOf({ role: "admin", adminType: "team" })).toBe("/admin/applications?assignee=me");
  expect(homeOf({ role: "user" })).toBe("/user/dash");
});

test.each([
  "/user/profile",
  "/apply/12?step=2",
  "/",
  "/universities/search?q=new%20york&country=NZ",
  "/programs?q=caf%C3%A9#results",
  "/%C3%A9",
  "/@handle",
])("a path on this site is a safe callback, unchanged: %s", (path) => {
  expect(safeCallbackPath(path)).toBe(path);
});

test("a callback comes back percent-encoded, so a Location header carries it as sent", () => {
  expect(safeCallbackPath("/\u00e9")).toBe("/%C3%A9");
  expect(safeCallbackPath("/programs?q=caf\u00e9")).toBe("/programs?q=caf%C3%A9");
  expect(safeCallbackPath("/a/../user/dash")).toBe("/user/dash");
});

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
  "/%2F%2Fevil.example",
  "/%252F%252Fevil.example",
  "/%5Cevil.example",
  "/%E3%80%80/x",
  "/\u3000/x",
  "/\uff0fevil.example",
  "/%C0%AF/evil.example",
  "/a/..//evil.example",
  "/100%",
  "/x?next=%00",
])("anything else is not: %j", (value) => {
  expect(safeCallbackPath(value)).toBeNull();
});

test.each(OPEN_REDIRECTS.map((payload) => [payload] as const))(
  "known open-redirect payload %j: refused, or a path that stays on this site",
  (payload) => {
    const path = safeCallbackPath(payload);
    if (path !== null) expect(landsOnThisSite(path)).toBe(true);
  },
);

test("generated open-redirect payloads never lead off this site, and never throw", () => {
  fc.assert(
    fc.property(fc.oneof(openRedirect, fc.string({ unit: "binary", maxLength: 40 })), (payload) => {
      const path = safeCallbackPath(payload);
      return path === null || landsOnThisSite(path);
    }),
    { seed: HOSTILE_SEED, numRuns: 5000 },
  );
});

test("every payload that names another host is refused outright", () => {
  const offSite = OPEN_REDIRECTS.filter(
    (payload) =>
      /evil\.example|\u3000|%E3%80%80|^\/%|javascript|data:|vbscript/i.test(payload) &&
      !/^\/@|^\/javascript/.test(payload),
  );
  expect(offSite.length).toBeGreaterThan(40);
  expect(offSite.filter((payload) => safeCallbackPath(payload) !== null)).toEqual([]);
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
    "/AUTH",
    "/./auth",
    "/%61uth",
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
