import { adminNavFor } from "@/components/admin/admin-nav";

// The admin sidebar shows each admin only the pages they may use (the policy decides).

const labels = (viewer: Parameters<typeof adminNavFor>[0]) => adminNavFor(viewer).map((item) => item.label);

test("a team admin is shown no Settings and no Audit Log, which would only refuse them", () => {
  expect(labels({ role: "admin", adminType: "team", permissions: ["manage-catalogue"] })).toEqual([
    "Dashboard",
    "Universities",
    "Programs",
    "Scholarships",
    "Applications",
    "Users",
    "Messages",
    "Import",
    "Notifications",
  ]);
});

test("a team admin who may not manage the catalogue is shown no Import", () => {
  expect(
    labels({ role: "admin", adminType: "team", permissions: ["make-decisions", "export-data"] }),
  ).toEqual([
    "Dashboard",
    "Universities",
    "Programs",
    "Scholarships",
    "Applications",
    "Users",
    "Messages",
    "Notifications",
  ]);
});

test("a super admin is shown every page, with no grant needed", () => {
  expect(labels({ role: "admin", adminType: "super", permissions: [] })).toEqual([
    "Dashboard",
    "Universities",
    "Programs",
    "Scholarships",
    "Applications",
    "Users",
    "Messages",
    "Import",
    "Notifications",
    "Settings",
    "Exchange rates",
    "Audit Log",
  ]);
});
