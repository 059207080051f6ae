import { adminNavFor } from "@/components/admin/admin-nav";

// The admin sidebar shows each admin only the pages they may use (the policy decides).

const labels = (viewer: Parameters<typeof adminNavFor>[0]) => adminNavFor(viewer).map((item) => item.label);

test("a team admin is shown no Settings and no Audit Log, which would only refuse them", () => {
  expect(labels({ role: "admin", adminType: "team" })).toEqual([
    "Dashboard",
    "Universities",
    "Programs",
    "Applications",
    "Users",
    "Messages",
    "Import",
  ]);
});

test("a super admin is shown every page", () => {
  expect(labels({ role: "admin", adminType: "super" })).toEqual([
    "Dashboard",
    "Universities",
    "Programs",
    "Applications",
    "Users",
    "Messages",
    "Import",
    "Settings",
    "Audit Log",
  ]);
});
